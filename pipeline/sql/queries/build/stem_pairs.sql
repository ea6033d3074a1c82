-- (word, stem) id pairs of build/word_stems.sql whose stem is a universe word: a word's bucket
-- flags "inflects an accepted word" once one of its stems was accepted (pipeline/model/evidence.py).
SELECT s.word_id, u.word_id AS stem_id
FROM word_stems AS s
JOIN universe AS u ON u.word = s.stem;
