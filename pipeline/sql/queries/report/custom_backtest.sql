-- Every eligible (date, word) pair of the backtest with the NYT verdict, the word's history and
-- the custom dictionary's prediction: the rolling backtest (each puzzle judged on evidence from
-- before its date), read where it is stored. A view: queries filter it by game and window.
CREATE OR REPLACE TEMP VIEW report_pairs AS
SELECT game, date, word, accepted, prior_verdicts, prior_accepted, last_accepted, predicted AS custom
FROM backtest;
