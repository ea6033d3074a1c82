-- True when quarantine is from before origin and sha256 (its older rows keep NULL there).
SELECT table_lacks_column('quarantine', 'sha256');
