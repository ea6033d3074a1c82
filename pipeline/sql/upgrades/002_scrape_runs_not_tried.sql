-- A scrape_runs table from before not_tried: its not_available counted 404s and untried URLs
-- together; it becomes not_published, and not_tried is 0 for those runs.
-- Applied only when its .needed query finds the old column (pipeline/storage/upgrades.py).
ALTER TABLE scrape_runs RENAME COLUMN not_available TO not_published;
ALTER TABLE scrape_runs ADD COLUMN not_tried INTEGER DEFAULT 0;
