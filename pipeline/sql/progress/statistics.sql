-- An owner's statistics per game, from the stored progress alone (no counters): the puzzles with a
-- word found, the words and their points; Spelling Bee puzzles that reached Genius and Queen Bee
-- with the points found before any reveal; Letter Boxed boards solved without a reveal, and within
-- par; and the current and longest run of consecutive days played, where the NYT's puzzle of day
-- D counts for D whenever it was played (generated puzzles have no day). A run is current when
-- its last day is :today (a day number) or the day before.
WITH puzzles AS (
    SELECT
        played.game,
        played.day,
        played.points AS queen_bee,
        played.genius,
        played.par,
        played.solved,
        count(*) AS words,
        coalesce(sum(found.points), 0) AS points,
        coalesce(sum(CASE WHEN found.after_reveal = 0 THEN found.points END), 0) AS unaided_points
    FROM puzzles_played AS played
    JOIN words_found AS found
        ON found.owner_id = played.owner_id AND found.game = played.game
        AND found.puzzle = played.puzzle AND found.letters = played.letters
    WHERE played.owner_id = :owner_id
    GROUP BY played.game, played.puzzle, played.letters, played.day, played.points,
        played.genius, played.par, played.solved
),
days AS (
    SELECT DISTINCT game, day FROM puzzles WHERE day IS NOT NULL
),
runs AS (  -- consecutive days share day minus their rank
    SELECT game, day, day - row_number() OVER (PARTITION BY game ORDER BY day) AS run FROM days
),
streaks AS (
    SELECT game, count(*) AS length, max(day) AS last_day FROM runs GROUP BY game, run
),
streak_lengths AS (
    SELECT
        game,
        max(CASE WHEN last_day >= :today - 1 THEN length ELSE 0 END) AS current_streak,
        max(length) AS longest_streak
    FROM streaks
    GROUP BY game
),
totals AS (
    SELECT
        game,
        count(*) AS puzzles,
        sum(words) AS words,
        sum(points) AS points,
        sum(CASE WHEN genius IS NOT NULL AND unaided_points >= genius THEN 1 ELSE 0 END) AS genius,
        sum(CASE WHEN queen_bee IS NOT NULL AND unaided_points >= queen_bee THEN 1 ELSE 0 END)
            AS queen_bee,
        sum(solved) AS solved,
        sum(CASE WHEN solved = 1 AND words <= par THEN 1 ELSE 0 END) AS solved_within_par
    FROM puzzles
    GROUP BY game
)
SELECT
    totals.game,
    CAST(totals.puzzles AS INTEGER) AS puzzles,
    CAST(totals.words AS INTEGER) AS words,
    CAST(totals.points AS INTEGER) AS points,
    CAST(totals.genius AS INTEGER) AS genius,
    CAST(totals.queen_bee AS INTEGER) AS queen_bee,
    CAST(totals.solved AS INTEGER) AS solved,
    CAST(totals.solved_within_par AS INTEGER) AS solved_within_par,
    CAST(coalesce(streak_lengths.current_streak, 0) AS INTEGER) AS current_streak,
    CAST(coalesce(streak_lengths.longest_streak, 0) AS INTEGER) AS longest_streak
FROM totals
LEFT JOIN streak_lengths ON streak_lengths.game = totals.game
ORDER BY totals.game
