"""A toy third game with nothing but an API (tests/test_serve_third_game.py): a puzzle is three
letters, and a word is found when it is made of them."""
