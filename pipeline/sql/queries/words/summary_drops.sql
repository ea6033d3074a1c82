-- What each word source dropped, and why, with examples.
SELECT source, reason, entries, examples FROM word_drops ORDER BY source, reason;
