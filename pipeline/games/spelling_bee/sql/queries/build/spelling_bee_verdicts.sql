-- Spelling Bee verdicts: every (day, word id) where a universe word was eligible for a past puzzle
-- (spelling_bee_solutions, from the SQL solver; a puzzle's id is its day number since
-- 1970-01-01), with the NYT's verdict, by day, then word.
SELECT s.puzzle_id::INTEGER AS day, u.word_id, a.word IS NOT NULL AS accepted
FROM spelling_bee_solutions AS s
JOIN universe AS u USING (word)
LEFT JOIN spelling_bee_answers AS a
    ON a.word = s.word AND a.date = DATE '1970-01-01' + s.puzzle_id::INTEGER
ORDER BY day, u.word_id;
