-- Quantiles of the honeycombs' word counts and points under one S rule.
WITH space AS (
    SELECT
        quantile_disc(words, $quantiles::DOUBLE[]) AS words,
        quantile_disc(points, $quantiles::DOUBLE[]) AS points
    FROM honeycombs
    WHERE s_allowed = $s_allowed
)
SELECT unnest($quantiles::DOUBLE[]) AS quantile, unnest(words) AS words, unnest(points) AS points
FROM space;
