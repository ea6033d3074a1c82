-- Per dictionary and puzzle of $game's archive: official answers, predicted words and correct
-- predictions (report_pairs, from report/custom_backtest or custom_split). The custom dictionary
-- predicts what report_pairs says (NULL where it makes no prediction, and then it is not
-- counted), past answers the words accepted at least once before that date, and each raw list
-- of report_lists (the registry's, handed over by stages/report.py: a source's words, or its
-- `top_rank` most frequent) the words it holds.
CREATE OR REPLACE TEMP TABLE report_puzzle_counts AS
WITH memberships AS (
    -- each word's raw lists, one bit per list (its position in report_lists)
    SELECT w.word, bit_or(1::BIGINT << l.position) AS lists
    FROM words AS w
    JOIN report_lists AS l
        ON CASE WHEN l.top_rank IS NULL THEN list_contains(w.sources, l.source)
                ELSE coalesce(w.wordfreq_rank <= l.top_rank, false) END
    GROUP BY w.word
),
-- The pairs grouped by what a prediction reads (a few dozen groups per puzzle, not thousands).
grouped AS (
    SELECT
        p.date,
        p.accepted,
        p.custom,
        p.prior_accepted > 0 AS past_answers,
        coalesce(m.lists, 0) AS lists,
        count(*) AS pairs
    FROM report_pairs AS p
    LEFT JOIN memberships AS m USING (word)
    WHERE p.game = $game
    GROUP BY ALL
),
predictions AS (
    SELECT date, 'custom' AS dictionary, accepted, custom AS predicted, pairs
    FROM grouped
    WHERE custom IS NOT NULL
    UNION ALL
    SELECT date, 'past_answers', accepted, past_answers, pairs FROM grouped
    UNION ALL
    SELECT g.date, l.name, g.accepted, (g.lists >> l.position) & 1 = 1, g.pairs
    FROM grouped AS g, report_lists AS l
)
SELECT
    $game AS game,
    dictionary,
    date,
    coalesce(sum(pairs) FILTER (WHERE accepted), 0)::BIGINT AS answers,
    coalesce(sum(pairs) FILTER (WHERE predicted), 0)::BIGINT AS predicted,
    coalesce(sum(pairs) FILTER (WHERE accepted AND predicted), 0)::BIGINT AS hits
FROM predictions
GROUP BY dictionary, date;
