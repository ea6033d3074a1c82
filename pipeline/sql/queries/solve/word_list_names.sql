-- The word lists stored in the warehouse (sources that keep words), by name.
SELECT source FROM word_sources WHERE words_kept IS NOT NULL ORDER BY source;
