-- Precision, recall and F1 per dictionary for the puzzles from $first to $last: over the window,
-- per year and per month. Micro pools every pair; macro is the mean of per-puzzle scores. An empty
-- denominator scores 1.0 (nothing predicted: no false positive), as dictionary.micro_scores does.
WITH puzzles AS (
    SELECT
        dictionary,
        date,
        year(date)::VARCHAR AS year,
        strftime(date, '%Y-%m') AS month,
        answers,
        predicted,
        hits,
        CASE WHEN predicted > 0 THEN hits / predicted ELSE 1.0 END AS precision,
        CASE WHEN answers > 0 THEN hits / answers ELSE 1.0 END AS recall
    FROM report_puzzle_counts
    WHERE date BETWEEN $first AND $last
),
scored_puzzles AS (
    SELECT
        *,
        CASE WHEN precision + recall > 0 THEN 2 * precision * recall / (precision + recall)
             ELSE 0.0 END AS f1
    FROM puzzles
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
        avg(f1) AS macro_f1
    FROM scored_puzzles
    GROUP BY GROUPING SETS ((dictionary), (dictionary, year), (dictionary, month))
),
micro AS (
    SELECT
        *,
        CASE WHEN predicted > 0 THEN hits / predicted ELSE 1.0 END AS precision,
        CASE WHEN answers > 0 THEN hits / answers ELSE 1.0 END AS recall
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
    CASE WHEN precision + recall > 0 THEN 2 * precision * recall / (precision + recall)
         ELSE 0.0 END AS f1,
    macro_precision,
    macro_recall,
    macro_f1
FROM micro
ORDER BY grain, period, list_position($dictionaries, dictionary);
