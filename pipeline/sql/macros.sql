-- Letter masks in SQL, the same packing as solvers.masks: bit i is the letter chr(97 + i).
-- warehouse.run defines them on a connection before any named query.
CREATE TEMP MACRO IF NOT EXISTS letter_bit(letter) AS (1 << (ascii(letter) - 97))::INTEGER;

CREATE TEMP MACRO IF NOT EXISTS letter_mask(letters) AS
    list_reduce(list_transform(string_split(letters, ''), lambda c: letter_bit(c)),
                lambda a, b: a | b)::INTEGER;
