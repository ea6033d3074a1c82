-- How many owners wait to be claimed (0 or 1: the progress from before players).
SELECT count(*) AS owners FROM owners WHERE kind = 'unclaimed'
