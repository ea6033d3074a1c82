-- From $first to $last in $game: the puzzles, the official answers, and how many of those answers
-- are eligible pairs of the backtest (all of them, when recall cannot miss an answer silently).
-- Reads the table official_answers (tables/scrape/official_answers.sql).
SELECT
    (SELECT count(DISTINCT date) FROM backtest
     WHERE game = $game AND date BETWEEN $first AND $last) AS puzzles,
    (SELECT count(*) FROM official_answers
     WHERE game = $game AND date BETWEEN $first AND $last) AS official_answers,
    (SELECT count(*) FROM backtest
     WHERE game = $game AND accepted AND date BETWEEN $first AND $last) AS answers_in_backtest;
