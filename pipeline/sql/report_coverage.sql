-- From $first to $last: the puzzles, the official answers, and how many of those answers are
-- eligible pairs of the backtest (all of them, when recall cannot miss an answer silently).
SELECT
    (SELECT count(DISTINCT date) FROM report_backtest WHERE date BETWEEN $first AND $last) AS puzzles,
    (SELECT count(*) FROM report_official WHERE date BETWEEN $first AND $last) AS official_answers,
    (SELECT count(*) FROM report_backtest
     WHERE accepted AND date BETWEEN $first AND $last) AS answers_in_backtest;
