-- Per dictionary and puzzle of $game's archive: official answers, predicted words and correct
-- predictions, in one pass over the pairs (report_pairs, from report/custom_backtest or
-- custom_split). The custom dictionary predicts what report_pairs says (NULL where it makes no
-- prediction, and then it is not counted), past answers the words accepted at least once before
-- that date, and a raw list the words it holds.
CREATE OR REPLACE TEMP TABLE report_puzzle_counts AS
WITH word_lists AS (
    SELECT
        word,
        list_contains(sources, 'words_alpha') AS words_alpha,
        list_contains(sources, 'enable') AS enable,
        list_contains(sources, '2of12id') AS "2of12id",
        list_contains(sources, 'nltk_words') AS nltk_words,
        coalesce(wordfreq_rank <= 25000, false) AS wordfreq_top25k,
        coalesce(wordfreq_rank <= 50000, false) AS wordfreq_top50k,
        coalesce(wordfreq_rank <= 100000, false) AS wordfreq_top100k
    FROM words
),
predictions AS (
    SELECT
        p.date,
        p.accepted,
        p.custom,
        p.prior_accepted > 0 AS past_answers,
        coalesce(w.words_alpha, false) AS words_alpha,
        coalesce(w.enable, false) AS enable,
        coalesce(w."2of12id", false) AS "2of12id",
        coalesce(w.nltk_words, false) AS nltk_words,
        coalesce(w.wordfreq_top25k, false) AS wordfreq_top25k,
        coalesce(w.wordfreq_top50k, false) AS wordfreq_top50k,
        coalesce(w.wordfreq_top100k, false) AS wordfreq_top100k
    FROM report_pairs AS p
    LEFT JOIN word_lists AS w USING (word)
    WHERE p.game = $game
),
-- One struct of counts per dictionary column, named after it ("\0" is the column's name).
per_puzzle AS (
    SELECT
        date,
        {
            pairs: count(COLUMNS(* EXCLUDE (date, accepted))),
            answers: count_if(accepted AND COLUMNS(* EXCLUDE (date, accepted)) IS NOT NULL),
            predicted: count_if(COLUMNS(* EXCLUDE (date, accepted))),
            hits: count_if(accepted AND COLUMNS(* EXCLUDE (date, accepted)))
        } AS "\0"
    FROM predictions
    GROUP BY date
),
counts AS (
    UNPIVOT per_puzzle
    ON COLUMNS(* EXCLUDE (date))
    INTO NAME dictionary VALUE counts
)
SELECT $game AS game, dictionary, date, counts.answers, counts.predicted, counts.hits
FROM counts
WHERE counts.pairs > 0;
