-- The past verdicts' evidence rows, numbered in a stable order (date, then word): the build
-- decides them in Python by number and stores the backtest by joining the decisions back here.
CREATE OR REPLACE TEMP TABLE history_rows AS
SELECT row_number() OVER (ORDER BY as_of, word) AS row_id, *
FROM evidence_rows
WHERE accepted IS NOT NULL;
