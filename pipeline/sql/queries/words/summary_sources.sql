-- What each word source gave: entries read and words kept.
SELECT source, kind, entries_read, words_kept FROM word_sources ORDER BY source;
