-- Precision, recall and F1 per dictionary for $game's puzzles from $first to $last: over the
-- window, per year and per month. Micro pools every pair; macro is the mean of per-puzzle scores.
-- The scores come from the macros precision_of, recall_of and f1_of (macros.sql).
WITH puzzles AS (
    SELECT
        dictionary,
        date,
        year(date)::VARCHAR AS year,
        strftime(date, '%Y-%m') AS month,
        answers,
        predicted,
        hits,
        precision_of(hits, predicted) AS precision,
        recall_of(hits, answers) AS recall
    FROM report_puzzle_counts
    WHERE game = $game AND date BETWEEN $first AND $last
),
grouped AS (
    SELECT
        CASE WHEN grouping(month) = 0 THEN 'month' WHEN grouping(year) = 0 THEN 'year'
             ELSE 'window' END AS grain,
        coalesce(month, year, 'window') AS period,
        dictionary,
        count(*) AS puzzles,
        sum(answers) AS answers,
        sum(predicted) AS predicted,
        sum(hits) AS hits,
        avg(precision) AS macro_precision,
        avg(recall) AS macro_recall,
        avg(f1_of(precision, recall)) AS macro_f1
    FROM puzzles
    GROUP BY GROUPING SETS ((dictionary), (dictionary, year), (dictionary, month))
),
micro AS (
    SELECT
        *,
        precision_of(hits, predicted) AS precision,
        recall_of(hits, answers) AS recall
    FROM grouped
)
SELECT
    grain,
    period,
    dictionary,
    puzzles,
    answers,
    predicted,
    hits,
    precision,
    recall,
    f1_of(precision, recall) AS f1,
    macro_precision,
    macro_recall,
    macro_f1
FROM micro
ORDER BY grain, period, list_position($dictionaries, dictionary);
