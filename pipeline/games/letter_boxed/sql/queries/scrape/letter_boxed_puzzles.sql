-- Fills the letter_boxed_puzzles table (games/letter_boxed/sql/tables/scrape/letter_boxed_puzzles.sql).
INSERT INTO letter_boxed_puzzles
WITH chosen_source AS (
    SELECT * FROM chosen_source_days('letter_boxed_source_days', $game)
),
with_next_day AS (
    SELECT
        day.*,
        list_transform(next_day.yesterdays_sides, lambda s: lower(s)) AS next_yesterdays_sides,
        list_transform(next_day.yesterdays_solution, lambda w: lower(w)) AS next_yesterdays_solution,
        list_transform(day.yesterdays_sides, lambda s: lower(s)) AS own_yesterdays_sides
    FROM chosen_source AS day
    LEFT JOIN chosen_source AS next_day ON next_day.date = day.date + INTERVAL 1 DAY
),
board_keys AS (
    -- A board's key ignores the order of the sides and of the letters on a side.
    SELECT
        *,
        list_sort(list_transform(sides, lambda s: array_to_string(list_sort(string_split(s, '')), '')))
            AS board_key,
        list_sort(list_transform(next_yesterdays_sides,
                                 lambda s: array_to_string(list_sort(string_split(s, '')), '')))
            AS next_yesterdays_key,
        list_sort(list_transform(own_yesterdays_sides,
                                 lambda s: array_to_string(list_sort(string_split(s, '')), '')))
            AS own_yesterdays_key
    FROM with_next_day
),
judged AS (
    SELECT
        *,
        len(next_yesterdays_sides) = 4
        AND board_key <> next_yesterdays_key
        AND next_yesterdays_key IS DISTINCT FROM own_yesterdays_key AS is_placeholder
    FROM board_keys
),
corrected AS (
    SELECT
        date,
        CASE WHEN coalesce(is_placeholder, false) THEN next_yesterdays_sides ELSE sides END AS sides,
        CASE WHEN coalesce(is_placeholder, false) THEN next_yesterdays_solution ELSE nyt_solution END AS nyt_solution,
        CASE WHEN coalesce(is_placeholder, false) THEN NULL ELSE par END AS par,
        CASE WHEN coalesce(is_placeholder, false) THEN NULL ELSE nyt_id END AS nyt_id,
        CASE WHEN coalesce(is_placeholder, false) THEN NULL ELSE dictionary END AS dictionary,
        coalesce(is_placeholder, false) AS corrected_from_next_day,
        source
    FROM judged
)
SELECT
    date,
    sides,
    letter_mask(array_to_string(sides, '')) AS letters_mask,
    nyt_solution,
    par,
    nyt_id,
    dictionary IS NOT NULL AS dictionary_known,
    len(dictionary) AS dictionary_size,
    corrected_from_next_day,
    source
FROM corrected
ORDER BY date;
