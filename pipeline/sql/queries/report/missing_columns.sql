-- The columns the report needs that the backtest table lacks (built by an older version).
SELECT needed.name
FROM (VALUES ('game'), ('date'), ('word'), ('accepted'), ('predicted'), ('prior_verdicts'),
        ('prior_accepted'), ('last_accepted'), ('probability'), ('guarded'), ('guard_changed'))
    AS needed(name)
ANTI JOIN information_schema.columns AS c
    ON c.column_name = needed.name AND c.table_name = 'backtest'
ORDER BY needed.name;
