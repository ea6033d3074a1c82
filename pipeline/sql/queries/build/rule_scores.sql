-- Micro precision, recall and F1 of each prediction (a rule of the grid on the validation year),
-- best first; ties go to the earlier position. Reads rule_counts (handed over by build_rule.py).
SELECT position, precision, recall, f1
FROM micro_scores(rule_counts)
ORDER BY f1 DESC, position;
