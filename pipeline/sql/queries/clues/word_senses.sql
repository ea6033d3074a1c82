-- The base form and senses of each of $words that WordNet describes, in the order a clue reads
-- them (most frequent first; an inflected form: its base form's senses in the parts of speech it
-- inflects): what pipeline/model/clues.py makes a clue of.
SELECT
    w.word,
    w.base_form,
    list(
        {'part_of_speech': s.part_of_speech, 'gloss': s.gloss, 'example': s.example}
        ORDER BY s.rank
    ) AS senses
FROM wordnet_words AS w
JOIN wordnet_senses AS s
    ON s.lemma = w.base_form AND list_contains(w.parts_of_speech, s.part_of_speech)
WHERE w.word IN (SELECT unnest($words::VARCHAR[]))
GROUP BY w.word, w.base_form;
