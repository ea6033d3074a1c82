-- True when a build table was built by an older version: it lacks a column this version writes.
SELECT count(*) > 0
FROM (VALUES ('backtest', 'probability'), ('backtest', 'guarded'), ('backtest', 'guard_changed'),
             ('custom_words', 'probability'), ('custom_words', 'maybe'),
             ('dictionary_rules', 'maybe_low'), ('dictionary_rules', 'build_id'))
    AS needed(table_name, column_name)
SEMI JOIN information_schema.tables AS t USING (table_name)
ANTI JOIN information_schema.columns AS c USING (table_name, column_name);
