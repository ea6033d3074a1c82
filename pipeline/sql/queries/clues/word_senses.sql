-- The senses of each of $words that WordNet describes, one row per sense, in the order a clue
-- reads them (most frequent first; an inflected form: its base form's senses in the parts of
-- speech it inflects; a lemma: its own, then those of a lemma it is an inflected form of too),
-- with the base form whose sense it is (the first row's: the word's) and the word's other
-- forms: what pipeline/model/clues.py makes a clue of. Every word's, by word, when $words is
-- NULL (the index the build writes for `explain` and `today --clues`). The words' rows are found
-- first (by wordnet_forms_by_word), then only their lemmas' senses are read: a join of the two
-- tables read every sense of WordNet, 3 to 8 times the time.
WITH asked AS MATERIALIZED (
    SELECT word, base_form, inflects, other_forms
    FROM wordnet_forms
    WHERE $words IS NULL OR word IN (SELECT unnest($words::VARCHAR[]))
),
senses AS (
    SELECT * FROM wordnet_senses WHERE lemma IN (SELECT base_form FROM asked)
)
SELECT f.word, f.base_form, f.other_forms, s.part_of_speech, s.gloss, s.example, s.synonyms,
    s.hypernyms, s.related_gloss
FROM asked AS f
JOIN senses AS s
    ON s.lemma = f.base_form AND (f.inflects IS NULL OR list_contains(f.inflects, s.part_of_speech))
ORDER BY f.word, f.word <> f.base_form, s.rank;
