-- The custom dictionary's predictions for $game: the rolling backtest (each puzzle judged on
-- evidence from before its date).
CREATE OR REPLACE TEMP TABLE report_custom_predictions AS
SELECT date, word, predicted FROM backtest WHERE game = $game;
