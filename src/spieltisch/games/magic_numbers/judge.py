"""The answer judge: is a typed answer one of a card's accepted answers?

Both sides are normalised first, so that these never matter: upper and lower case; umlauts
and ß (``ä`` = ``a`` = ``ae``, ``ß`` = ``ss``) and other accents; punctuation; spaces;
articles (der, die, das, den, dem, des, ein, eine, einen, einem, einer, the, a, an) as whole
words, except as the last word (``Vitamin A`` keeps its A); and the formatting of numbers
(``8 848``, ``8.848`` and ``8,848`` are all ``8848``; a decimal comma is a decimal point).

An answer is right if it equals an accepted answer after normalising, or comes within a
small typing distance of one (Damerau–Levenshtein: none for accepted answers of up to 3
characters, 1 for 4–8 characters, 2 for longer ones), with two exceptions that keep wrong
answers out: the numbers and single letters in the answer must be exactly those of the
accepted answer (a typo never changes a number or a letter standing alone: ``1988`` is not
``1989``, ``Vitamin A`` is not ``Vitamin C``); when answer and accepted answer have the same
number of words, every word keeps within the limit for its own length (``Staaten der USA``
is not ``Staaten der UNO``); an answer made of only some of the accepted answer's words is
not right (``Mount`` is not ``Mount Everest``); and an answer that is itself the right answer
to another question of the deck is no typo (``Gold`` is not ``Golf``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable
from functools import lru_cache

ARTICLES = frozenset(
    {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"}
    | {"the", "a", "an"}
)
#: Up to this many characters an accepted answer must be typed exactly, up to the next
#: limit with one typo, beyond it with two.
EXACT_UP_TO = 3
ONE_TYPO_UP_TO = 8
#: Letters that do not fall apart into a base letter and an accent.
_LETTERS = str.maketrans({"æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "þ": "th"})
_UMLAUT_SPELLING = re.compile(r"([aou])e")
_THOUSANDS = re.compile(r"(?<=\d)[ .,'’\u00a0\u2009\u202f](?=\d{3}(?!\d))")
_DECIMAL = re.compile(r"(?<=\d)[.,](?=\d)")
_APOSTROPHES = re.compile(r"['’‘`´]")
_PUNCTUATION = re.compile(r"[^\w\x00]|_")
#: Numbers, and letters standing alone (``Vitamin A``, ``Plan B``): no typo may change them.
_MARKS = re.compile(r"\d+(?:\.\d+)?|\b[^\W\d_]\b")


@lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """``text`` in the form the judge compares: lower case, plain letters, numbers without
    thousands separators, words separated by single spaces, articles dropped."""
    text = text.casefold().translate(_LETTERS)
    text = "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )
    text = _UMLAUT_SPELLING.sub(r"\1", text)
    text = _THOUSANDS.sub("", text)
    text = _DECIMAL.sub("\x00", text)
    text = _APOSTROPHES.sub("", text)
    text = _PUNCTUATION.sub(" ", text).replace("\x00", ".")
    words = text.split()
    kept = [w for i, w in enumerate(words) if w not in ARTICLES or i == len(words) - 1]
    return " ".join(kept)


def marks(normalised: str) -> list[str]:
    """The numbers and lone letters in a normalised text, in order."""
    return _MARKS.findall(normalised)


def allowed_typos(accepted: str) -> int:
    """How many typos an answer may have against the (normalised) accepted answer."""
    if len(accepted) <= EXACT_UP_TO:
        return 0
    return 1 if len(accepted) <= ONE_TYPO_UP_TO else 2


def is_part(answer: str, accepted: str) -> bool:
    """Whether the normalised ``answer`` is some, but not all, of ``accepted``'s words in a
    row (``mount`` of ``mount everest``)."""
    mine, theirs = answer.split(), accepted.split()
    k = len(mine)
    return k < len(theirs) and any(theirs[i : i + k] == mine for i in range(len(theirs) - k + 1))


def distance(a: str, b: str, limit: int) -> int:
    """The Damerau–Levenshtein distance (adjacent swaps count once; optimal string
    alignment) between ``a`` and ``b``, or ``limit + 1`` once it is certainly above
    ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = ca != cb
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, before[j - 2] + 1)
            current[j] = best
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return min(previous[-1], limit + 1)


def matches(answer: str, accepted: str) -> bool:
    """Whether the normalised ``answer`` counts as the normalised ``accepted`` answer."""
    if not answer or not accepted:
        return False
    if answer == accepted:
        return True
    if marks(answer) != marks(accepted) or is_part(answer, accepted):
        return False
    limit = allowed_typos(accepted)
    if limit == 0 or distance(answer, accepted, limit) > limit:
        return False
    mine, theirs = answer.split(), accepted.split()
    return len(mine) != len(theirs) or all(
        a == b or distance(a, b, allowed_typos(b)) <= allowed_typos(b)
        for a, b in zip(mine, theirs, strict=True)
    )


def is_correct(
    answer: str, accepted_answers: Iterable[str], elsewhere: Collection[str] = ()
) -> bool:
    """Whether ``answer`` is right: it matches one of ``accepted_answers`` (give the answers
    of both languages) after normalising both. ``elsewhere`` holds the normalised right
    answers of other questions: an answer equal to one of them is no typo of these."""
    mine = normalise(answer)
    if not mine:
        return False
    accepted = [normalise(other) for other in accepted_answers]
    if mine in accepted:
        return True
    return mine not in elsewhere and any(matches(mine, other) for other in accepted)
