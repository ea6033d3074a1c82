-- The latest archived Spelling Bee puzzle (its date and letters, center first) and the latest
-- Letter Boxed board's sides: what `pipeline bench serve` plays and solves.
SELECT
    (SELECT max(date) FROM spelling_bee_puzzles) AS bee_date,
    (SELECT center || others FROM spelling_bee_puzzles ORDER BY date DESC LIMIT 1) AS bee_letters,
    (SELECT sides FROM letter_boxed_puzzles ORDER BY date DESC LIMIT 1) AS box_sides
