-- Letter Boxed's tables under the names the report and explain queries read; the official
-- answers are each day's NYT word list.
CREATE OR REPLACE TEMP VIEW report_backtest AS
SELECT date::DATE AS date, word, accepted, predicted, prior_verdicts, prior_accepted,
       last_accepted
FROM letter_boxed_backtest;

CREATE OR REPLACE TEMP VIEW report_custom AS SELECT * FROM letter_boxed_custom;

CREATE OR REPLACE TEMP VIEW report_official AS SELECT date, word FROM letter_boxed_dictionary;
