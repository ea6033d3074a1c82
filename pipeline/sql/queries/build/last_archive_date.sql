-- The last date of a game's archive ($puzzles_table: spelling_bee_puzzles or letter_boxed_puzzles).
SELECT max(date) AS last_date FROM query_table($puzzles_table);
