-- Tells every server process listening (PostgreSQL's LISTEN progress_changed) that an owner's
-- puzzle changed, when the writing transaction commits. PostgreSQL only.
SELECT pg_notify('progress_changed', :change)
