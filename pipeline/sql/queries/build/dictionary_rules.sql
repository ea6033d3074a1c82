-- Fills the dictionary_rules table (sql/tables/build/dictionary_rules.sql).
INSERT OR REPLACE INTO dictionary_rules
VALUES (
    $game, $score_column, $threshold, $maybe_low, $maybe_high, $description, now(), $build_id,
    $factor_names::VARCHAR[]
);
