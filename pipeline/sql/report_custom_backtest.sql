-- The custom dictionary's predictions: the rolling backtest (each puzzle judged on evidence from
-- before its date).
CREATE OR REPLACE TEMP VIEW report_custom_predictions AS
SELECT date, word, predicted FROM report_backtest;
