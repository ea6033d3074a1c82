-- What the new-word model (pipeline/model/newword.py) knows of each universe word whatever the
-- day, by word id: its endings (the model's trait columns are these columns, in this order), a
-- double letter, how many of the rarer letters j q x z k v w, its Zipf frequency, Brown count,
-- length, distinct letters, whether it is a first name or offensive, how many word lists hold it;
-- and the first day another game left it out where it qualified (left_out_elsewhere, handed over
-- by build_evidence.py: word, day, a word once per game; 2147483647 when it never was).
SELECT
    suffix(u.word, 's')::UTINYINT AS "ends in -s",
    suffix(u.word, 'es')::UTINYINT AS "ends in -es",
    suffix(u.word, 'ed')::UTINYINT AS "ends in -ed",
    suffix(u.word, 'ing')::UTINYINT AS "ends in -ing",
    suffix(u.word, 'ly')::UTINYINT AS "ends in -ly",
    suffix(u.word, 'er')::UTINYINT AS "ends in -er",
    suffix(u.word, 'ers')::UTINYINT AS "ends in -ers",
    suffix(u.word, 'ness')::UTINYINT AS "ends in -ness",
    suffix(u.word, 'ful')::UTINYINT AS "ends in -ful",
    suffix(u.word, 'less')::UTINYINT AS "ends in -less",
    suffix(u.word, 'ism')::UTINYINT AS "ends in -ism",
    suffix(u.word, 'ist')::UTINYINT AS "ends in -ist",
    suffix(u.word, 'y')::UTINYINT AS "ends in -y",
    suffix(u.word, 'ity')::UTINYINT AS "ends in -ity",
    suffix(u.word, 'ation')::UTINYINT AS "ends in -ation",
    suffix(u.word, 'able')::UTINYINT AS "ends in -able",
    suffix(u.word, 'ish')::UTINYINT AS "ends in -ish",
    suffix(u.word, 'ize')::UTINYINT AS "ends in -ize",
    suffix(u.word, 'ise')::UTINYINT AS "ends in -ise",
    suffix(u.word, 'ia')::UTINYINT AS "ends in -ia",
    suffix(u.word, 'um')::UTINYINT AS "ends in -um",
    suffix(u.word, 'us')::UTINYINT AS "ends in -us",
    suffix(u.word, 'a')::UTINYINT AS "ends in -a",
    suffix(u.word, 'o')::UTINYINT AS "ends in -o",
    suffix(u.word, 'i')::UTINYINT AS "ends in -i",
    regexp_matches(
        u.word, 'aa|bb|cc|dd|ee|ff|gg|hh|ii|jj|kk|ll|mm|nn|oo|pp|qq|rr|ss|tt|uu|vv|ww|xx|yy|zz'
    )::UTINYINT AS "a double letter",
    (length(u.word) - length(regexp_replace(u.word, '[jqxzkvw]', '', 'g')))::UTINYINT
        AS "rare letters (j q x z k v w)",
    coalesce(w.zipf, 0)::FLOAT AS "Zipf",
    (coalesce(w.zipf, 0) ^ 2)::FLOAT AS "Zipf squared",
    ln(1 + coalesce(w.brown_count, 0))::FLOAT AS "log Brown count",
    (least(length(u.word), 15) / 10)::FLOAT AS "length",
    (bit_count(u.letter_mask) / 7)::FLOAT AS "distinct letters",
    coalesce(w.first_name, false)::UTINYINT AS "a first name",
    coalesce(w.offensive, false)::UTINYINT AS "offensive",
    coalesce(len(w.sources), 0)::UTINYINT AS "word lists holding it",
    coalesce(e.day, 2147483647)::INTEGER AS left_out_elsewhere
FROM universe AS u
LEFT JOIN words AS w USING (word)
LEFT JOIN (SELECT word, min(day) AS day FROM left_out_elsewhere GROUP BY word) AS e USING (word)
ORDER BY u.word_id;
