-- For every row of verdict_rows, the evidence strictly before its date:
--   prior_verdicts / prior_accepted: how often the word was eligible before and accepted;
--   last_accepted: the most recent verdict;
--   score_<tau>: the verdicts (+1 accepted, -1 not) weighted by exp(-age / tau days), so that
--     recent verdicts outweigh old ones (the NYT reverses itself over time); score_last is the
--     limit tau -> 0: the last verdict alone (+1 or -1);
--   bucket_rate / bucket_size: for a word never eligible before, how often words of its evidence
--     bucket (in 2of12id, ENABLE, an NYT Letter Boxed list before, capitalized in web2, an
--     inflection of a word accepted before, in words_alpha, in web2; Zipf bin) were
--     accepted the first time they were eligible, before this date (smoothed: (a + 1) / (n + 2));
--   history_bucket / history_rate / history_size: for a word eligible before, its history in a few
--     bands (last verdict; prior verdicts 1, 2, 3-5, 6-15, 16+; share accepted 0, under a half,
--     a half or more, all; age of the last verdict under 1 year, 1-3 years, 3+ years), and how
--     often the NYT accepted words of that history bucket, over the verdicts strictly before this
--     date (smoothed: (a + 1) / (n + 2));
--   probability: the chance the NYT accepts the word that day: history_rate for a word eligible
--     before, bucket_rate for a new one;
--   guarded: on the offensive-word list (LDNOOBW), or the plural of a word on it (niggers,
--     wetbacks), and never accepted before: never predicted in.
CREATE OR REPLACE TEMP TABLE evidence_rows AS
WITH lb_first_listed AS (
    SELECT word, min(date) AS first_listed FROM letter_boxed_dictionary GROUP BY word
),
first_accepted AS (
    SELECT word, min(as_of) AS first_accepted FROM verdict_rows WHERE accepted GROUP BY word
),
word_stems AS (
    -- The words an inflected form could come from: plants -> plant, baked -> bake, ...
    SELECT word, unnest(list_distinct(list_filter([
        CASE WHEN suffix(word, 's') THEN left(word, length(word) - 1) END,
        CASE WHEN suffix(word, 'es') THEN left(word, length(word) - 2) END,
        CASE WHEN suffix(word, 'ies') THEN left(word, length(word) - 3) || 'y' END,
        CASE WHEN suffix(word, 'ed') THEN left(word, length(word) - 2) END,
        CASE WHEN suffix(word, 'ed') THEN left(word, length(word) - 1) END,
        CASE WHEN suffix(word, 'ed') THEN left(word, length(word) - 3) END,
        CASE WHEN suffix(word, 'ied') THEN left(word, length(word) - 3) || 'y' END,
        CASE WHEN suffix(word, 'ing') THEN left(word, length(word) - 3) END,
        CASE WHEN suffix(word, 'ing') THEN left(word, length(word) - 3) || 'e' END,
        CASE WHEN suffix(word, 'ing') THEN left(word, length(word) - 4) END,
        CASE WHEN suffix(word, 'ly') THEN left(word, length(word) - 2) END,
        CASE WHEN suffix(word, 'er') THEN left(word, length(word) - 2) END,
        CASE WHEN suffix(word, 'er') THEN left(word, length(word) - 1) END
    ], lambda stem: stem IS NOT NULL AND length(stem) >= 3))) AS stem
    FROM (SELECT DISTINCT word FROM verdict_rows)
),
offensive_words AS (
    -- on the list, or its plural (-s, -es) is
    SELECT word FROM words WHERE offensive
    UNION
    SELECT s.word
    FROM word_stems AS s JOIN words AS w ON w.word = s.stem AND w.offensive
    WHERE s.stem IN (left(s.word, length(s.word) - 1), left(s.word, length(s.word) - 2))
      AND suffix(s.word, 's')
),
stem_first_accepted AS (
    SELECT s.word, min(f.first_accepted) AS stem_first_accepted
    FROM word_stems AS s JOIN first_accepted AS f ON f.word = s.stem
    GROUP BY s.word
),
featured AS (
    SELECT
        v.word,
        v.as_of,
        v.accepted,
        date_diff('day', DATE '2018-01-01', v.as_of) AS day,
        CASE WHEN v.accepted THEN 1 WHEN NOT v.accepted THEN -1 ELSE 0 END AS vote,
        coalesce(list_contains(w.sources, '2of12id'), false) AS in_2of12id,
        coalesce(list_contains(w.sources, 'enable'), false) AS in_enable,
        coalesce(list_contains(w.sources, 'words_alpha'), false) AS in_words_alpha,
        coalesce(list_contains(w.sources, 'nltk_words'), false) AS in_nltk_words,
        coalesce(f.first_listed < v.as_of, false) AS in_letter_boxed_list,
        coalesce(w.capitalized, false) AS capitalized,
        coalesce(sf.stem_first_accepted < v.as_of, false) AS stem_accepted,
        least(floor(coalesce(w.zipf, 0) * 2) / 2, 5.0) AS zipf_bin,
        o.word IS NOT NULL AS offensive
    FROM verdict_rows AS v
    LEFT JOIN words AS w USING (word)
    LEFT JOIN lb_first_listed AS f USING (word)
    LEFT JOIN stem_first_accepted AS sf USING (word)
    LEFT JOIN offensive_words AS o USING (word)
),
with_history AS (
    SELECT
        *,
        in_2of12id::INTEGER || (in_enable::INTEGER)::VARCHAR || (in_letter_boxed_list::INTEGER)::VARCHAR
            || (capitalized::INTEGER)::VARCHAR || (stem_accepted::INTEGER)::VARCHAR
            || (in_words_alpha::INTEGER)::VARCHAR || (in_nltk_words::INTEGER)::VARCHAR
            || '@' || zipf_bin::VARCHAR AS bucket,
        coalesce(count(accepted) OVER before_row, 0) AS prior_verdicts,
        coalesce(sum(accepted::INTEGER) OVER before_row, 0) AS prior_accepted,
        last_value(accepted IGNORE NULLS) OVER before_row AS last_accepted,
        coalesce(last_value(nullif(vote, 0) IGNORE NULLS) OVER before_row, 0) AS score_last,
        coalesce(exp(-day / 180.0) * sum(vote * exp(day / 180.0)) OVER before_row, 0) AS score_180,
        coalesce(exp(-day / 365.0) * sum(vote * exp(day / 365.0)) OVER before_row, 0) AS score_365,
        coalesce(exp(-day / 730.0) * sum(vote * exp(day / 730.0)) OVER before_row, 0) AS score_730,
        coalesce(exp(-day / 1461.0) * sum(vote * exp(day / 1461.0)) OVER before_row, 0) AS score_1461,
        coalesce(sum(vote) OVER before_row, 0) AS score_forever,
        max(as_of) OVER before_row AS last_verdict_date
    FROM featured
    WINDOW before_row AS (PARTITION BY word ORDER BY as_of, accepted NULLS LAST
                          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
),
with_history_bucket AS (
    SELECT
        *,
        CASE WHEN prior_verdicts > 0 THEN
            (CASE WHEN last_accepted THEN 'in' ELSE 'out' END)
            || '|' || CASE WHEN prior_verdicts <= 2 THEN prior_verdicts::VARCHAR
                           WHEN prior_verdicts <= 5 THEN '3-5'
                           WHEN prior_verdicts <= 15 THEN '6-15' ELSE '16+' END
            || '|' || CASE WHEN prior_accepted = 0 THEN 'none'
                           WHEN prior_accepted = prior_verdicts THEN 'all'
                           WHEN 2 * prior_accepted < prior_verdicts THEN 'under half'
                           ELSE 'half+' END
            || '|' || CASE WHEN date_diff('day', last_verdict_date, as_of) < 365 THEN '<1y'
                           WHEN date_diff('day', last_verdict_date, as_of) < 1095 THEN '1-3y' ELSE '3y+' END
        END AS history_bucket
    FROM with_history
),
verdicts_by_bucket AS (
    -- A new word's verdicts count for its evidence bucket, a judged word's for its history bucket.
    SELECT
        prior_verdicts > 0 AS judged,
        CASE WHEN prior_verdicts > 0 THEN history_bucket ELSE bucket END AS bucket_key,
        as_of,
        count(*) AS words,
        sum(accepted::INTEGER) AS accepted_words
    FROM with_history_bucket
    WHERE accepted IS NOT NULL
    GROUP BY ALL
),
bucket_rates AS (
    -- Each bucket's verdicts so far, known from the day after each puzzle.
    SELECT
        judged,
        bucket_key,
        as_of + 1 AS known_from,
        sum(words) OVER by_date AS verdicts,
        sum(accepted_words) OVER by_date AS accepted_verdicts
    FROM verdicts_by_bucket
    WINDOW by_date AS (PARTITION BY judged, bucket_key ORDER BY as_of)
),
rated AS (
    SELECT
        h.*,
        coalesce(b.verdicts, 0) AS bucket_size,
        (coalesce(b.accepted_verdicts, 0) + 1.0) / (coalesce(b.verdicts, 0) + 2.0) AS bucket_rate
    FROM with_history_bucket AS h
    ASOF LEFT JOIN (SELECT * FROM bucket_rates WHERE NOT judged) AS b
        ON h.bucket = b.bucket_key AND h.as_of >= b.known_from
)
SELECT
    r.*,
    coalesce(hb.verdicts, 0) AS history_size,
    CASE WHEN r.prior_verdicts > 0
         THEN (coalesce(hb.accepted_verdicts, 0) + 1.0) / (coalesce(hb.verdicts, 0) + 2.0)
    END AS history_rate,
    CASE WHEN r.prior_verdicts > 0
         THEN (coalesce(hb.accepted_verdicts, 0) + 1.0) / (coalesce(hb.verdicts, 0) + 2.0)
         ELSE r.bucket_rate
    END AS probability,
    r.offensive AND r.prior_accepted = 0 AS guarded
FROM rated AS r
ASOF LEFT JOIN (SELECT * FROM bucket_rates WHERE judged) AS hb
    ON r.history_bucket = hb.bucket_key AND r.as_of >= hb.known_from;
