"""Packed 26-bit letter masks: bit i is set when a word contains chr(97 + i)."""

from __future__ import annotations

Word = str
Letters = str
Mask = int

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
ALL_LETTERS: Mask = (1 << 26) - 1


def letter_bit(letter: str) -> Mask:
    """Return the mask of one lowercase letter."""
    return 1 << (ord(letter) - 97)


def letter_mask(word: Word) -> Mask:
    """Return the mask of the distinct letters of a lowercase a-z word."""
    mask = 0
    for letter in word:
        mask |= 1 << (ord(letter) - 97)
    return mask


def is_plain_word(word: str) -> bool:
    """Return True when a word is made only of lowercase a-z letters."""
    return word.isascii() and word.isalpha() and word.islower()
