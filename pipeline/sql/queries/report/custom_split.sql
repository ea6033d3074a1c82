-- The custom dictionary's predictions for $game: a single split, trained on puzzles up to
-- $train_until and judged on the puzzles after it (split_predictions comes from
-- build.split_predictions); NULL where it makes no prediction.
CREATE OR REPLACE TEMP TABLE report_custom_predictions AS
SELECT $game AS game, date::DATE AS date, word, predicted
FROM split_predictions
WHERE date::DATE > $train_until;

-- Every eligible (date, word) pair of the backtest with the NYT verdict, the word's history and
-- the split's prediction. A view: queries filter it by game and window.
CREATE OR REPLACE TEMP VIEW report_pairs AS
SELECT
    b.game, b.date, b.word, b.accepted, b.prior_verdicts, b.prior_accepted, b.last_accepted,
    c.predicted AS custom
FROM backtest AS b
LEFT JOIN report_custom_predictions AS c USING (game, date, word);
