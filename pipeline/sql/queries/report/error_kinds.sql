-- The custom dictionary's predictions for $game from $first to $last by the kind of pair:
--   repeated: eligible before, and the NYT repeated its last verdict on the word;
--   reversed: eligible before, and the NYT reversed its last verdict (the word was added to or
--     dropped from its list since), which no rule reading the word's own history foresees;
--   new: never eligible before.
WITH kinds AS (
    SELECT
        CASE
            WHEN prior_verdicts = 0 THEN 'new'
            WHEN accepted = last_accepted THEN 'repeated'
            ELSE 'reversed'
        END AS kind,
        accepted,
        custom AS predicted
    FROM report_pairs
    WHERE game = $game AND date BETWEEN $first AND $last AND custom IS NOT NULL
)
SELECT
    all_kinds.kind,
    count(k.kind) AS pairs,
    count(*) FILTER (WHERE k.accepted) AS answers,
    count(*) FILTER (WHERE k.predicted) AS predicted,
    count(*) FILTER (WHERE k.predicted AND NOT k.accepted) AS extra,
    count(*) FILTER (WHERE k.accepted AND NOT k.predicted) AS missed
FROM (VALUES ('repeated', 1), ('reversed', 2), ('new', 3)) AS all_kinds(kind, position)
LEFT JOIN kinds AS k USING (kind)
GROUP BY all_kinds.kind, all_kinds.position
ORDER BY all_kinds.position;
