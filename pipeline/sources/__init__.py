"""One parser module per external source of official answers; `records` holds what they return.

Each parser raises ParseError, with a one-line reason, when its input does not have the expected
layout. Parsers check the shape of a source; `pipeline.validate_spelling_bee` and
`pipeline.validate_letter_boxed` check the puzzle rules.
"""
