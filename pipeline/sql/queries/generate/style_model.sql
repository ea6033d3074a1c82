-- One fitted style model's values ($game, $model), in the order of its terms.
SELECT term, value FROM style_models WHERE game = $game AND model = $model ORDER BY position
