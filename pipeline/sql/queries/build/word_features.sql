-- What the evidence knows of each universe word before any verdict, by word id: the bits of its
-- evidence bucket that do not depend on the day (pipeline/evidence.py: in 2of12id 64, in ENABLE
-- 32, capitalized in web2 8, in words_alpha 2, in web2 1), its Zipf bin in half steps (0 .. 10),
-- the first day (since 1970-01-01) an NYT Letter Boxed list had it, and whether it is offensive:
-- on the LDNOOBW list, or the plural (-s, -es) of a word on it (niggers, wetbacks).
WITH first_listed AS (
    SELECT word, min(date) AS first_listed FROM letter_boxed_dictionary GROUP BY word
),
offensive_plurals AS (
    SELECT DISTINCT s.word_id
    FROM word_stems AS s JOIN words AS w ON w.word = s.stem AND w.offensive
    WHERE s.stem IN (left(s.word, length(s.word) - 1), left(s.word, length(s.word) - 2))
      AND suffix(s.word, 's')
)
SELECT
    (coalesce(list_contains(w.sources, '2of12id'), false)::INTEGER * 64
     + coalesce(list_contains(w.sources, 'enable'), false)::INTEGER * 32
     + coalesce(w.capitalized, false)::INTEGER * 8
     + coalesce(list_contains(w.sources, 'words_alpha'), false)::INTEGER * 2
     + coalesce(list_contains(w.sources, 'nltk_words'), false)::INTEGER)::TINYINT AS flags,
    least(floor(coalesce(w.zipf, 0) * 2), 10)::TINYINT AS zipf_bin,
    coalesce(date_diff('day', DATE '1970-01-01', f.first_listed), 2147483647)::INTEGER
        AS first_listed,
    coalesce(w.offensive, false) OR p.word_id IS NOT NULL AS offensive
FROM universe AS u
LEFT JOIN words AS w USING (word)
LEFT JOIN first_listed AS f USING (word)
LEFT JOIN offensive_plurals AS p USING (word_id)
ORDER BY u.word_id;
