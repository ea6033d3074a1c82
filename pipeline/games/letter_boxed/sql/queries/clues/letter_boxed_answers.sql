-- The words of the NYT's solution of the Letter Boxed of $date, in their order.
SELECT unnest(nyt_solution) AS word FROM letter_boxed_puzzles WHERE date = $date;
