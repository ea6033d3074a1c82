-- Writes one game's days for `pipeline today` to $path (storage/day_files.py): the views day_rows
-- (`today/<game>_days` over every day) and expected_rows (`today/expected_words` over every day),
-- one JSON object a line, by date, each with the words its backtest predicted (`expected`).
COPY (
    SELECT d.*, e.words AS expected
    FROM day_rows AS d
    LEFT JOIN expected_rows AS e USING (date)
    ORDER BY d.date
) TO $path (FORMAT json);
