-- PostgreSQL only (SQLite: Progress._write's last steps, put_finder.sql and bump_version.sql): what
-- every write that changed an owner's puzzle does last. In a room (_finder, the player who sent
-- it), who found its new words (_words); the puzzle's next version (two writers may read the same
-- highest at once: the puzzle's own still goes up); and a notice to every server process's live
-- feed at the commit (LISTEN progress_changed), naming it as player_progress.change_of does.
CREATE OR REPLACE FUNCTION progress_changed(
    _owner text, _game text, _puzzle text, _letters text, _finder text, _words text[]
) RETURNS void LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN  -- plpgsql, not sql: its plans are kept for the session
    IF _finder IS NOT NULL THEN
        INSERT INTO word_finders (owner_id, game, puzzle, letters, word, finder_id)
        SELECT _owner, _game, _puzzle, _letters, new.word, _finder
        FROM unnest(_words) AS new (word)
        ON CONFLICT (owner_id, game, puzzle, letters, word)
        DO UPDATE SET finder_id = excluded.finder_id;
    END IF;
    INSERT INTO progress_versions (owner_id, game, puzzle, letters, version)
    SELECT played.owner_id, played.game, played.puzzle, played.letters,
        (SELECT coalesce(max(version), 0) + 1 FROM progress_versions)
    FROM puzzles_played AS played
    WHERE played.owner_id = _owner AND played.game = _game AND played.puzzle = _puzzle
        AND played.letters = _letters
    ON CONFLICT (owner_id, game, puzzle, letters) DO UPDATE
    SET version = CASE WHEN excluded.version > progress_versions.version THEN excluded.version
        ELSE progress_versions.version + 1 END;
    PERFORM pg_notify('progress_changed', concat_ws('|', _owner, _game, _puzzle, _letters));
END
$$
