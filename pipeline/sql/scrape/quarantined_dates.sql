-- The dates of a source's records in quarantine (not the merge's placeholder boards, which are
-- loaded): what `pipeline scrape --retry-quarantined` fetches again.
SELECT DISTINCT date
FROM quarantine
WHERE source = $source AND date IS NOT NULL AND run_id <> 'merge'
