-- The build's judgement of each honeycomb of the custom list: what `pipeline analyze
-- spelling-bee` adds to its file (handed over to the analysis as honeycomb_likeness).
SELECT letters_mask, center_bit, likeness, difficulty, expected_errors
FROM spelling_bee_honeycombs
