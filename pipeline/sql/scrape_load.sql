-- Load one scrape run's parsed and validated records, its quarantine and its log (upserts).
INSERT OR REPLACE INTO spelling_bee_source_days
SELECT date, source, center, others, answers, pangrams, not_accepted, url, now()
FROM read_json($bee_jsonl, format = 'newline_delimited', columns = {
    'date': 'DATE', 'source': 'VARCHAR', 'center': 'VARCHAR', 'others': 'VARCHAR',
    'answers': 'VARCHAR[]', 'pangrams': 'VARCHAR[]', 'not_accepted': 'VARCHAR[]', 'url': 'VARCHAR'});

INSERT OR REPLACE INTO letter_boxed_source_days
SELECT date, source, sides, nyt_solution, par, nyt_id, dictionary, yesterdays_sides,
       yesterdays_solution, url, now()
FROM read_json($box_jsonl, format = 'newline_delimited', columns = {
    'date': 'DATE', 'source': 'VARCHAR', 'sides': 'VARCHAR[]', 'nyt_solution': 'VARCHAR[]',
    'par': 'INTEGER', 'nyt_id': 'INTEGER', 'dictionary': 'VARCHAR[]',
    'yesterdays_sides': 'VARCHAR[]', 'yesterdays_solution': 'VARCHAR[]', 'url': 'VARCHAR'});

INSERT OR REPLACE INTO quarantine
SELECT game, source, url, date, reason, record, $run_id
FROM read_json($quarantine_jsonl, format = 'newline_delimited', columns = {
    'game': 'VARCHAR', 'source': 'VARCHAR', 'url': 'VARCHAR', 'date': 'DATE',
    'reason': 'VARCHAR', 'record': 'VARCHAR'});

INSERT INTO scrape_log
SELECT $run_id, source, url, date, outcome, http_status, attempts, error
FROM read_json($log_jsonl, format = 'newline_delimited', columns = {
    'source': 'VARCHAR', 'url': 'VARCHAR', 'date': 'DATE', 'outcome': 'VARCHAR',
    'http_status': 'INTEGER', 'attempts': 'INTEGER', 'error': 'VARCHAR'});
