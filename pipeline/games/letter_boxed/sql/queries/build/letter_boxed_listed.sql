-- The universe words of each past NYT Letter Boxed list before $as_of: (day number since
-- 1970-01-01, word id), by day, then word.
SELECT date_diff('day', DATE '1970-01-01', d.date)::INTEGER AS day, u.word_id
FROM letter_boxed_dictionary AS d
JOIN universe AS u USING (word)
WHERE d.date < $as_of
ORDER BY day, u.word_id;
