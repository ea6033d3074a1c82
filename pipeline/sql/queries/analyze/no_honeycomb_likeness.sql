-- No judgement of the honeycombs yet (no build): `pipeline analyze spelling-bee` leaves likeness
-- empty; honeycomb_likeness.sql replaces it with the build's.
CREATE OR REPLACE TEMP TABLE honeycomb_likeness (
    letters_mask INTEGER,
    center_bit INTEGER,
    likeness DOUBLE,
    difficulty DOUBLE,
    expected_errors DOUBLE
);
