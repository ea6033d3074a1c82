-- Spelling Bee's tables under the names the report and explain queries read.
CREATE OR REPLACE TEMP VIEW report_backtest AS
SELECT date::DATE AS date, word, accepted, predicted, prior_verdicts, prior_accepted,
       last_accepted
FROM spelling_bee_backtest;

CREATE OR REPLACE TEMP VIEW report_custom AS SELECT * FROM spelling_bee_custom;

CREATE OR REPLACE TEMP VIEW report_official AS SELECT date, word FROM spelling_bee_answers;
