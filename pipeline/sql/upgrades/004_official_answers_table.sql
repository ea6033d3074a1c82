-- official_answers becomes a table each game fills (games/GAME/sql/queries/scrape/GAME_official_answers.sql):
-- the view goes, and the table is built from the stored archive at once.
DROP VIEW official_answers;
