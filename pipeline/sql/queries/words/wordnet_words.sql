-- Fills the wordnet_words table (sql/tables/words/wordnet_words.sql): the words of wordnet_forms
-- that are warehouse words of $min_length letters or more, each described once (a lemma by its
-- own senses).
INSERT INTO wordnet_words
WITH word_senses AS (
    -- each word's senses: its base form's, in the parts of speech it inflects (a lemma: all)
    SELECT f.word, f.base_form, s.rank, s.part_of_speech, s.lexicographer_file, s.instance,
        s.gloss, s.example
    FROM wordnet_forms AS f
    JOIN wordnet_senses AS s ON s.lemma = f.base_form
    WHERE (f.inflects IS NULL OR list_contains(f.inflects, s.part_of_speech))
        AND f.word IN (SELECT word FROM words WHERE length >= $min_length)
        -- a lemma is described by its own senses (not as an inflected form of another too)
        AND (f.inflects IS NULL OR f.word NOT IN (SELECT base_form FROM wordnet_forms))
),
parts_in_order AS (
    SELECT word, list(part_of_speech ORDER BY first_rank) AS parts_of_speech
    FROM (SELECT word, part_of_speech, min(rank) AS first_rank FROM word_senses GROUP BY ALL)
    GROUP BY word
),
files_in_order AS (
    SELECT word, list(lexicographer_file ORDER BY first_rank) AS lexicographer_files
    FROM (SELECT word, lexicographer_file, min(rank) AS first_rank FROM word_senses GROUP BY ALL)
    GROUP BY word
),
described AS (
    SELECT
        word,
        any_value(base_form) AS base_form,
        count(*)::SMALLINT AS senses,
        bool_and(lexicographer_file IN ('noun.person', 'noun.location') OR instance) AS names_only,
        first(gloss ORDER BY rank) AS gloss,
        first(example ORDER BY rank) AS example
    FROM word_senses
    GROUP BY word
)
SELECT word, base_form, parts_of_speech, senses, lexicographer_files, names_only, gloss, example
FROM described
JOIN parts_in_order USING (word)
JOIN files_in_order USING (word)
ORDER BY word;
