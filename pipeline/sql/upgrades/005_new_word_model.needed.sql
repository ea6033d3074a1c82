-- True when custom_words is from before the new-word model (it lacks factor_1).
SELECT table_lacks_column('custom_words', 'factor_1');
