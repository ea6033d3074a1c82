-- The words each universe word could be an inflection of: plants -> plant, baked -> bake, ...
CREATE OR REPLACE TEMP TABLE word_stems AS
SELECT word_id, word, unnest(list_distinct(list_filter([
    CASE WHEN suffix(word, 's') THEN left(word, length(word) - 1) END,
    CASE WHEN suffix(word, 'es') THEN left(word, length(word) - 2) END,
    CASE WHEN suffix(word, 'ies') THEN left(word, length(word) - 3) || 'y' END,
    CASE WHEN suffix(word, 'ed') THEN left(word, length(word) - 2) END,
    CASE WHEN suffix(word, 'ed') THEN left(word, length(word) - 1) END,
    CASE WHEN suffix(word, 'ed') THEN left(word, length(word) - 3) END,
    CASE WHEN suffix(word, 'ied') THEN left(word, length(word) - 3) || 'y' END,
    CASE WHEN suffix(word, 'ing') THEN left(word, length(word) - 3) END,
    CASE WHEN suffix(word, 'ing') THEN left(word, length(word) - 3) || 'e' END,
    CASE WHEN suffix(word, 'ing') THEN left(word, length(word) - 4) END,
    CASE WHEN suffix(word, 'ly') THEN left(word, length(word) - 2) END,
    CASE WHEN suffix(word, 'er') THEN left(word, length(word) - 2) END,
    CASE WHEN suffix(word, 'er') THEN left(word, length(word) - 1) END
], lambda stem: stem IS NOT NULL AND length(stem) >= 3))) AS stem
FROM universe;
