-- The numbers of the upgrades this store had applied.
SELECT number FROM progress_upgrades ORDER BY number
