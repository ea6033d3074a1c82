-- Micro precision, recall and F1 of each prediction (a rule of the grid on the validation year),
-- best first; ties go to the earlier position. Reads rule_counts (handed over by build.py).
SELECT
    position,
    precision_of(hits, predicted) AS precision,
    recall_of(hits, answers) AS recall,
    f1_of_counts(hits, predicted, answers) AS f1
FROM rule_counts
ORDER BY f1 DESC, position;
