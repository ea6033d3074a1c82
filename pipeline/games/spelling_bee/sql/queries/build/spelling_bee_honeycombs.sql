-- Fills spelling_bee_honeycombs from the view honeycomb_rows handed over by games/<game>/style.py,
-- with each honeycomb's letters spelled out and the last day the NYT used it.
INSERT INTO spelling_bee_honeycombs
SELECT
    mask_letters(h.letters_mask) AS letters,
    mask_letters(h.center_bit) AS center,
    h.letters_mask,
    h.center_bit,
    h.words,
    h.pangrams,
    h.points,
    h.low_frequency_points,
    h.longest_pangram,
    h.common_pangram_zipf,
    h.expected_errors,
    h.unpublishable_words,
    h.never_combined_pairs,
    (SELECT max(p.date) FROM spelling_bee_puzzles AS p
     WHERE p.letters_mask = h.letters_mask AND p.center_bit = h.center_bit) AS nyt_date,
    h.log_odds,
    h.likeness,
    h.difficulty
FROM honeycomb_rows AS h
