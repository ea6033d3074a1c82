-- Fills the wordnet_forms table (sql/tables/words/wordnet_forms.sql): every plain lemma of
-- $min_length letters or more (all its senses), and every inflected form of one, a lemma too or
-- not (wordnet_form_rows, handed over by words.py: the senses of the parts of speech it
-- inflects; morphy's base of some is no plain lemma, `mr.`), each with the word's other forms:
-- those of wordnet_other_form_rows, and the plain words derived from its senses or they from
-- that begin with it or it with them (their derived_forms: `sex`, sexual and sexy).
INSERT INTO wordnet_forms
WITH described AS (
    SELECT DISTINCT lemma::VARCHAR AS word, lemma::VARCHAR AS base_form, NULL::VARCHAR[] AS inflects
    FROM wordnet_sense_rows
    WHERE length(lemma) >= $min_length
    UNION ALL
    SELECT word::VARCHAR, base_form::VARCHAR, inflects::VARCHAR[]
    FROM wordnet_form_rows
    WHERE base_form::VARCHAR IN (SELECT lemma::VARCHAR FROM wordnet_sense_rows)
),
derived AS (
    -- the words WordNet derives from each word's senses or they from, that begin with the word
    -- or the sense's lemma or that begin them (`sex`: sexual, sexy; not `obey`: obedient)
    SELECT word, list(DISTINCT form) AS forms
    FROM (
        SELECT d.word, d.base_form, unnest(s.derived_forms::VARCHAR[]) AS form
        FROM described AS d
        JOIN wordnet_sense_rows AS s
            ON s.lemma::VARCHAR = d.base_form
            AND (d.inflects IS NULL OR list_contains(d.inflects, s.part_of_speech::VARCHAR))
    )
    WHERE starts_with(form, word) OR starts_with(word, form)
        OR starts_with(form, base_form) OR starts_with(base_form, form)
    GROUP BY word
)
SELECT
    d.word,
    d.base_form,
    d.inflects,
    list_sort(list_filter(
        list_distinct(list_concat(coalesce(o.other_forms::VARCHAR[], []), coalesce(r.forms, []))),
        lambda form: form <> d.word AND regexp_full_match(form, '[a-z]+')
    ))
FROM described AS d
LEFT JOIN wordnet_other_form_rows AS o ON o.word::VARCHAR = d.word
LEFT JOIN derived AS r ON r.word = d.word
ORDER BY d.word, d.base_form;
