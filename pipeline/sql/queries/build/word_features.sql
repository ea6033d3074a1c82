-- What the evidence knows of each universe word before any verdict, by word id: the flags of its
-- evidence bucket that do not depend on the day, one column each named as the word lists'
-- registry names them (sources/word_lists.py WORD_FLAGS; the build packs a game's into its
-- bucket's bits, model/evidence.py), its Zipf bin in half steps (0 .. 10), the first day (since
-- 1970-01-01) an NYT Letter Boxed list had it, and whether it is offensive: on the LDNOOBW list,
-- or the plural (-s, -es) of a word on it (niggers, wetbacks).
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
    coalesce(list_contains(w.sources, 'words_alpha'), false) AS "in words_alpha",
    coalesce(list_contains(w.sources, 'enable'), false) AS "in ENABLE",
    coalesce(list_contains(w.sources, '2of12id'), false) AS "in 2of12id",
    coalesce(list_contains(w.sources, 'nltk_words'), false) AS "in web2",
    coalesce(w.capitalized, false) AS "capitalized in web2",
    n.word IS NOT NULL AS "in WordNet",
    least(floor(coalesce(w.zipf, 0) * 2), 10)::TINYINT AS zipf_bin,
    coalesce(date_diff('day', DATE '1970-01-01', f.first_listed), 2147483647)::INTEGER
        AS first_listed,
    coalesce(w.offensive, false) OR p.word_id IS NOT NULL AS offensive
FROM universe AS u
LEFT JOIN words AS w USING (word)
LEFT JOIN first_listed AS f USING (word)
LEFT JOIN offensive_plurals AS p USING (word_id)
LEFT JOIN wordnet_words AS n USING (word)
ORDER BY u.word_id;
