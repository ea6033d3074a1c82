-- Merge the Spelling Bee sources per date with precedence
-- next-day NYT gameData > live NYT page > bulk archive > nytbee.com,
-- and keep every disagreement between sources instead of resolving it silently.
CREATE OR REPLACE TABLE spelling_bee_puzzles AS
WITH ranked_sources AS (
    SELECT
        *,
        CASE source
            WHEN 'nyt_gamedata' THEN 1 WHEN 'nyt_live' THEN 2
            WHEN 'bulk_archive' THEN 3 WHEN 'nytbee' THEN 4 ELSE 9
        END AS precedence
    FROM spelling_bee_source_days
),
chosen_source AS (
    SELECT * FROM ranked_sources
    QUALIFY row_number() OVER (PARTITION BY date ORDER BY precedence) = 1
)
SELECT
    date,
    center,
    others,
    letter_mask(center || others) AS letters_mask,
    letter_bit(center) AS center_bit,
    answers,
    pangrams,
    len(answers) AS answer_count,
    list_sum(list_transform(answers, lambda w: CASE WHEN length(w) = 4 THEN 1 ELSE length(w) END))
        + 7 * len(pangrams) AS points,
    source
FROM chosen_source
ORDER BY date;

CREATE OR REPLACE TABLE spelling_bee_answers AS
SELECT
    p.date,
    word,
    list_contains(p.pangrams, word) AS is_pangram
FROM spelling_bee_puzzles AS p, unnest(p.answers) AS t(word)
ORDER BY p.date, word;

CREATE OR REPLACE TABLE spelling_bee_not_accepted AS
SELECT DISTINCT d.date, word
FROM spelling_bee_source_days AS d, unnest(d.not_accepted) AS t(word)
WHERE d.source = 'nytbee'
ORDER BY d.date, word;

CREATE OR REPLACE TABLE spelling_bee_disagreements AS
SELECT
    p.date,
    p.source AS source_a,
    d.source AS source_b,
    (p.center || p.others) <> (d.center || d.others) AS letters_differ,
    list_sort(list_filter(p.answers, lambda w: NOT list_contains(d.answers, w))) AS only_in_a,
    list_sort(list_filter(d.answers, lambda w: NOT list_contains(p.answers, w))) AS only_in_b
FROM spelling_bee_puzzles AS p
JOIN spelling_bee_source_days AS d ON d.date = p.date AND d.source <> p.source
WHERE (p.center || p.others) <> (d.center || d.others)
   OR list_sort(p.answers) <> list_sort(d.answers)
ORDER BY p.date, d.source;
