"""`pipeline serve`: a page to play Spelling Bee and Letter Boxed, over a JSON API (FastAPI on
uvicorn). The routes read what players send; the playing itself is each game's `play.py` (`pipeline/games/<slug>/play.py`)."""
