-- The short name a player chose to be shown by in a room ("Ann", "team 2"): a label, never an
-- account; forgotten with the player.
CREATE TABLE IF NOT EXISTS player_names (
    owner_id TEXT PRIMARY KEY REFERENCES owners (owner_id) ON DELETE CASCADE,
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 20)
)
