"""`pipeline serve`: a page to play the registry's games, over a JSON API (FastAPI on
uvicorn). The routes read what players send; the playing itself is each game's `play.py` (`pipeline/games/<slug>/play.py`)."""
