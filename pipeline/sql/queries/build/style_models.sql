-- Adds $game's fitted terms to style_models from the view model_rows handed over by
-- games/<game>/style.py.
DELETE FROM style_models WHERE game = $game;
INSERT INTO style_models
SELECT $game, model, position, term, value, $trained_until FROM model_rows
