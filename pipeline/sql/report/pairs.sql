-- Every eligible (date, word) pair of $game's archive with the NYT verdict and, per dictionary,
-- whether it predicts "accepted": the custom dictionary (NULL where it makes no prediction), past
-- answers (accepted at least once before that date), and the raw lists (the word is in the list).
-- The custom predictions are report_custom_predictions (report/custom_backtest or custom_split).
CREATE OR REPLACE TEMP TABLE report_pairs AS
SELECT
    b.game,
    b.date,
    b.word,
    b.accepted,
    b.prior_verdicts,
    b.prior_accepted,
    b.last_accepted,
    c.predicted AS custom,
    b.prior_accepted > 0 AS past_answers,
    coalesce(list_contains(w.sources, 'words_alpha'), false) AS words_alpha,
    coalesce(list_contains(w.sources, 'enable'), false) AS enable,
    coalesce(list_contains(w.sources, '2of12id'), false) AS "2of12id",
    coalesce(list_contains(w.sources, 'nltk_words'), false) AS nltk_words,
    coalesce(w.wordfreq_rank <= 25000, false) AS wordfreq_top25k,
    coalesce(w.wordfreq_rank <= 50000, false) AS wordfreq_top50k,
    coalesce(w.wordfreq_rank <= 100000, false) AS wordfreq_top100k
FROM backtest AS b
LEFT JOIN report_custom_predictions AS c USING (date, word)
LEFT JOIN words AS w USING (word)
WHERE b.game = $game;

-- Per dictionary and puzzle: official answers, predicted words and correct predictions. UNPIVOT
-- drops the NULL custom predictions, so the custom dictionary counts only where it predicts.
CREATE OR REPLACE TEMP TABLE report_puzzle_counts AS
WITH predictions AS (
    UNPIVOT (SELECT * EXCLUDE (word, prior_verdicts, prior_accepted, last_accepted) FROM report_pairs)
    ON COLUMNS(* EXCLUDE (game, date, accepted))
    INTO NAME dictionary VALUE predicted
)
SELECT
    game,
    dictionary,
    date,
    count(*) FILTER (WHERE accepted) AS answers,
    count(*) FILTER (WHERE predicted) AS predicted,
    count(*) FILTER (WHERE accepted AND predicted) AS hits
FROM predictions
GROUP BY game, dictionary, date;
