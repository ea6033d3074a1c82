-- The dates of a source's records of $game in quarantine (not the merge's placeholder boards,
-- which are loaded): what `pipeline scrape --retry-quarantined` fetches again.
SELECT DISTINCT date
FROM quarantine
WHERE game = $game AND source = $source AND date IS NOT NULL AND run_id <> 'merge'
