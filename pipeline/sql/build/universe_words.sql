-- The universe's words (build/universe.sql), for the Letter Boxed playability test in Python.
SELECT word FROM universe;
