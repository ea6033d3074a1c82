-- The senses of each of $words that WordNet describes, one row per sense, in the order a clue
-- reads them (most frequent first; an inflected form: its base form's senses in the parts of
-- speech it inflects), with the word's base form: what pipeline/model/clues.py makes a clue of.
-- Every word's, by word, when $words is NULL (the index the build writes for `explain` and
-- `today --clues`).
SELECT w.word, w.base_form, s.part_of_speech, s.gloss, s.example
FROM wordnet_words AS w
JOIN wordnet_senses AS s
    ON s.lemma = w.base_form AND list_contains(w.parts_of_speech, s.part_of_speech)
WHERE $words IS NULL OR w.word IN (SELECT unnest($words::VARCHAR[]))
ORDER BY w.word, s.rank;
