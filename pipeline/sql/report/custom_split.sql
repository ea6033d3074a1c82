-- The custom dictionary's predictions: a single split, trained on puzzles up to $train_until and
-- judged on the puzzles after it (split_predictions comes from build.split_predictions).
CREATE OR REPLACE TEMP TABLE report_custom_predictions AS
SELECT date::DATE AS date, word, predicted
FROM split_predictions
WHERE date::DATE > $train_until;
