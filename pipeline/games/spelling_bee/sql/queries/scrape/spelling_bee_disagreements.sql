-- Fills the spelling_bee_disagreements table (games/spelling_bee/sql/tables/scrape/spelling_bee_disagreements.sql).
INSERT INTO spelling_bee_disagreements
SELECT
    p.date,
    p.source,
    d.source,
    (p.center || p.others) <> (d.center || d.others),
    list_sort(list_filter(p.answers, lambda w: NOT list_contains(d.answers, w))),
    list_sort(list_filter(d.answers, lambda w: NOT list_contains(p.answers, w)))
FROM spelling_bee_puzzles AS p
JOIN spelling_bee_source_days AS d ON d.date = p.date AND d.source <> p.source
WHERE (p.center || p.others) <> (d.center || d.others)
   OR list_sort(p.answers) <> list_sort(d.answers)
ORDER BY p.date, d.source;
