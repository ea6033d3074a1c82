-- Every archived Spelling Bee puzzle's letters, oldest first.
SELECT center, others FROM spelling_bee_puzzles ORDER BY date;
