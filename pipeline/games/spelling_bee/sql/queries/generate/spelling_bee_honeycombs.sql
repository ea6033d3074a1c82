-- Every honeycomb of the custom list with the figures and scores the build's style step stored.
SELECT
    letters_mask::BIGINT AS letters_mask,
    center_bit::BIGINT AS center_bit,
    words::BIGINT AS words,
    pangrams::BIGINT AS pangrams,
    points::BIGINT AS points,
    low_frequency_points::BIGINT AS low_frequency_points,
    longest_pangram::BIGINT AS longest_pangram,
    common_pangram_zipf,
    expected_errors,
    unpublishable_words::BIGINT AS unpublishable_words,
    never_combined_pairs::BIGINT AS never_combined_pairs,
    log_odds,
    difficulty,
    nyt_date IS NOT NULL AS nyt_used
FROM spelling_bee_honeycombs
ORDER BY letters_mask, center_bit
