"""The answer judge: is a typed answer one of a card's accepted answers?

Both sides are brought into one form first (:func:`normalise`), so that these never matter:
upper and lower case; umlauts and ß (``ä`` = ``a``, ``ß`` = ``ss``; ``ae``, ``oe``, ``ue``
count as an umlaut only where the word is one: ``Hoehe`` is ``Höhe``, ``Mauer`` stays
``Mauer``) and other accents; punctuation and spaces; how numbers are written (``8 848``,
``8.848`` and ``8,848`` are 8848; ``zehn``, ``ten``, ``neunundneunzig``, ``zweiter`` and
``second`` are numbers too); common abbreviations (``Mt.``, ``US``, ``UNO``).

Then the answer is compared word by word, in any order (:func:`matches`). Small words
(articles, prepositions, ``und``/``and``) and the words of a question (``Zahl der``,
``Anzahl``, ``number of``, ``how many``) are left out. Every word of an accepted answer must
be in the answer: the same word, the same word in another grammatical form (``Kontinente``,
``Beethovens``, ``Bundesländer``), or the same word with a typo. The answer may have more
words only where they belong to the card (its number, its unit hint, its meaning).

A typo (a wrong, missing or extra letter, or two neighbouring letters swapped) is forgiven
once in words of 5 to 8 letters and twice in longer ones, never in shorter words, never in a
number, never in the first letter (``Glückszahl`` is not ``Unglückszahl``), and never
where the typed word is itself a real word: a word of the German or English word list
(``wordfreq``) or of any answer in the deck. ``Iran`` is not ``Uran``, ``Wolf`` is not
``Golf``, ``Spine`` is not ``Spinne``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable
from functools import lru_cache
from itertools import permutations, product

from rapidfuzz.distance import OSA

#: Small words: they never decide an answer.
SMALL_WORDS = frozenset(
    {"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer"}
    | {"eines", "von", "vom", "im", "in", "am", "an", "auf", "bei", "beim", "zu", "zum"}
    | {"zur", "und", "fur", "nach", "ins", "durch", "pro", "je", "zwischen", "wird", "wurde"}
    | {"werden", "mit"}
    | {"the", "a", "an", "of", "in", "on", "at", "to", "and", "for", "by", "from", "s", "per"}
    | {"between", "with", "becomes", "was", "were", "gets"}
)
#: The words of a question about a number: they add nothing to an answer.
QUESTION_WORDS = frozenset(
    {"zahl", "anzahl", "wie", "viele", "viel", "wieviele", "wieviel", "es", "gibt", "hat"}
    | {"haben", "ist", "sind", "insgesamt", "etwa", "ungefahr", "ca", "rund", "circa"}
    | {"number", "numbers", "count", "how", "many", "much", "there", "are", "is", "has"}
    | {"have", "does", "do", "total", "about", "approximately", "around"}
)
#: Up to this many letters a word must be typed exactly, up to the next limit with one
#: typo, beyond it with two.
EXACT_UP_TO = 4
ONE_TYPO_UP_TO = 8
#: A word at least this frequent in German or English (Zipf scale: 3 is once per million
#: words, 2.5 about three times per ten million) is a real word, never a typo.
REAL_WORD_ZIPF = 2.5
#: Endings of German and English plural and genitive forms: ``Kontinent(e)``,
#: ``Bundesl(ä)nd(er)``, ``Beethoven(s)``, ``Sinfonie(n)``.
ENDINGS = ("s", "e", "n", "en", "er", "es", "ern", "ens", "nen")
ER_ENDINGS = ("er", "ern")
#: A word must keep at least this many letters without its ending.
MIN_STEM = 3

#: Letters that do not fall apart into a base letter and an accent, and symbols with a name.
_LETTERS = str.maketrans(
    {"æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "þ": "th", "ß": "ss", "π": " pi "}
    | {"×": " x ", "–": " ", "—": " ", "¾": " 3/4 ", "½": " 1/2 ", "&": " und "}
    | {"%": " prozent "}
)
_THOUSANDS = re.compile(r"(?<=\d)[ .,'’\u00a0\u2009\u202f](?=\d{3}(?!\d))")
_DECIMAL = re.compile(r"(?<=\d)[.,](?=\d)")
_APOSTROPHES = re.compile(r"['’‘`´]")
_PUNCTUATION = re.compile(r"[^\w\x00/]|_|(?<!\d)/|/(?!\d)")
_DIGITS_AND_LETTERS = re.compile(r"(?<=\d)(?=[^\W\d_])|(?<=[^\W\d_])(?=\d)")
_UMLAUT_SPELLING = re.compile(r"([aou])e")
_UMLAUTS = {"a": "ä", "o": "ö", "u": "ü"}
#: Abbreviations and other names for the same thing, as whole normalised words.
_SAME = {
    "mt": "mount",
    "nr": "nummer",
    "no": "number",
    "us": "usa",
    "uno": "un",
    "brd": "bundesrepublik",
    "wm": "weltmeisterschaft",
    "km": "kilometer",
    "m": "meter",
    "metre": "meter",
    "metres": "meter",
    "meters": "meter",
    "percent": "prozent",
    "ww": "world war",
    "wwii": "world war 2",
    "wwi": "world war 1",
    "wk": "weltkrieg",
    "ii": "2",
    "iii": "3",
}
_PHRASES = (
    (re.compile(r"\bvereinigten? staaten\b|\bunited states\b"), "usa"),
    (re.compile(r"\bvereinten? nationen\b|\bunited nations\b"), "un"),
)

# -- numbers as words ---------------------------------------------------------------------
_UNITS_DE = [
    "null",
    "eins",
    "zwei",
    "drei",
    "vier",
    "funf",
    "sechs",
    "sieben",
    "acht",
    "neun",
    "zehn",
    "elf",
    "zwolf",
]
_UNITS_EN = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS_DE = ["zwanzig", "dreissig", "vierzig", "funfzig", "sechzig", "siebzig", "achtzig", "neunzig"]
_TENS_EN = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_TEENS_DE = {
    "dreizehn": 13,
    "vierzehn": 14,
    "funfzehn": 15,
    "sechzehn": 16,
    "siebzehn": 17,
    "achtzehn": 18,
    "neunzehn": 19,
}
_SMALL_NUMBERS: dict[str, int] = {
    **{word: n for n, word in enumerate(_UNITS_DE)},
    **{word: n for n, word in enumerate(_UNITS_EN)},
    **{word: 20 + 10 * n for n, word in enumerate(_TENS_DE)},
    **{word: 20 + 10 * n for n, word in enumerate(_TENS_EN)},
    **_TEENS_DE,
}
_ORDINALS: dict[str, int] = {
    **dict.fromkeys(("erste", "erster", "ersten", "erstes", "first"), 1),
    **dict.fromkeys(("zweite", "zweiter", "zweiten", "zweites", "second"), 2),
    **dict.fromkeys(("dritte", "dritter", "dritten", "drittes", "third"), 3),
}
#: German ordinal endings (``dreizehnte``, ``zwanzigster``) from four on.
_ORDINAL_ENDING = re.compile(r"(?:s?te[rns]?)$")
_GERMAN_NUMBER = re.compile(
    r"(?:(?P<thousands>[a-z]*?)tausend(?:und)?)?(?:(?P<hundreds>[a-z]*?)hundert(?:und)?)?"
    r"(?P<rest>[a-z]*)"
)
_UNITS_WORD = "|".join(sorted((w for w in _UNITS_DE if w not in {"null", "zehn"}), key=len))
_GERMAN_TENS = re.compile(rf"(?:(?P<unit>{_UNITS_WORD}|ein)und)?(?P<tens>[a-z]+)")


def german_number(word: str) -> int | None:
    """The value of a German number word (``neunundneunzig``, ``tausendundeins``)."""
    if word in _SMALL_NUMBERS:
        return _SMALL_NUMBERS[word]
    if "hundert" not in word and "tausend" not in word:
        tens = _GERMAN_TENS.fullmatch(word)
        if tens is None or tens["tens"] not in _TENS_DE or tens["unit"] is None:
            return None
        unit = 1 if tens["unit"] == "ein" else _SMALL_NUMBERS[tens["unit"]]
        return _SMALL_NUMBERS[tens["tens"]] + unit
    parts = _GERMAN_NUMBER.fullmatch(word)
    if parts is None:
        return None
    total = 0
    for name, factor in (("thousands", 1000), ("hundreds", 100)):
        part = parts[name]
        if part is not None:
            value = 1 if part in {"", "ein", "eins"} else german_number(part)
            if value is None or value >= (1000 if factor == 1000 else 10):
                return None
            total += value * factor
    rest = parts["rest"]
    if rest:
        value = 1 if rest in {"eins", "ein", "eine"} else german_number(rest)
        if value is None or value >= 100:
            return None
        total += value
    return total


def _english_numbers(words: list[str]) -> list[str]:
    """English number words in a row as one number: ``one hundred one`` is ``101``."""
    out: list[str] = []
    total: int | None = None
    current = 0
    for word in [*words, ""]:
        small = _SMALL_NUMBERS.get(word) if word in _UNITS_EN or word in _TENS_EN else None
        if small is not None:
            total = total or 0
            current += small
        elif word in {"hundred", "thousand"} and total is not None:
            factor = 100 if word == "hundred" else 1000
            current = max(current, 1) * factor
            if factor == 1000:
                total += current
                current = 0
        elif word == "and" and total is not None:
            continue
        else:
            if total is not None:
                out.append(str(total + current))
                total, current = None, 0
            if word:
                out.append(word)
    return out


def _number(word: str) -> str:
    if word in _ORDINALS:
        return str(_ORDINALS[word])
    value = german_number(word)
    if value is None and _ORDINAL_ENDING.search(word):
        stem = _ORDINAL_ENDING.sub("", word)
        value = german_number({"sieb": "sieben", "ach": "acht"}.get(stem, stem))
        if value is not None and value < 4:
            value = None
    return word if value is None else str(value)


# -- normalising ----------------------------------------------------------------------------


def _zipf(word: str, lang: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, lang))


@lru_cache(maxsize=65536)
def is_real_word(word: str) -> bool:
    """Whether ``word`` (lower case) is a word of the German or English word list."""
    return max(_zipf(word, "de"), _zipf(word, "en")) >= REAL_WORD_ZIPF


@lru_cache(maxsize=16384)
def _umlauts(word: str) -> str:
    """``word`` with ``ae``, ``oe``, ``ue`` read as umlauts where that makes a more common
    German word (``hoehe`` → ``höhe``, but ``mauer`` stays)."""
    if not _UMLAUT_SPELLING.search(word):
        return word
    umlauted = _UMLAUT_SPELLING.sub(lambda m: _UMLAUTS[m[1]], word)
    return umlauted if _zipf(umlauted, "de") > _zipf(word, "de") + 0.5 else word


def _fold(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


@lru_cache(maxsize=65536)
def words_of(text: str) -> tuple[str, ...]:
    """The words of ``text`` as the judge compares them (see the module's description)."""
    text = _APOSTROPHES.sub("", text.casefold().translate(_LETTERS))
    text = "".join(_umlauts(word) for word in re.split(r"(\W+)", text))
    text = _fold(text)
    text = _THOUSANDS.sub("", text)
    text = _DECIMAL.sub("\x00", text)
    text = _PUNCTUATION.sub(" ", text).replace("\x00", ".")
    text = _DIGITS_AND_LETTERS.sub(" ", text)
    for pattern, same in _PHRASES:
        text = pattern.sub(same, text)
    words = " ".join(_SAME.get(word, word) for word in text.split()).split()
    return tuple(_number(word) for word in _english_numbers(words))


def normalise(text: str) -> str:
    """``text`` in the form the judge compares, as one string."""
    return " ".join(words_of(text))


def content(words: Iterable[str]) -> list[str]:
    """The words that decide an answer: without small words and question words (a lone
    letter stays at the end or before a number: ``Vitamin A``, ``A4``)."""
    words = list(words)
    nexts = [*words[1:], ""]
    return [
        word
        for word, after in zip(words, nexts, strict=False)
        if word not in QUESTION_WORDS
        and (word not in SMALL_WORDS or (len(word) == 1 and (not after or after[0].isdigit())))
    ]


# -- comparing ---------------------------------------------------------------------------------


def allowed_typos(word: str) -> int:
    """How many typos a typed word may have against the accepted word ``word``."""
    if len(word) <= EXACT_UP_TO or any(ch.isdigit() for ch in word):
        return 0
    return 1 if len(word) <= ONE_TYPO_UP_TO else 2


def same_word(typed: str, accepted: str) -> bool:
    """The same word, perhaps in another grammatical form (plural, genitive); an ``-er``
    plural only where the typed word drops it (``Bundesland`` for ``Bundesländer``, but
    ``Spieler`` is not ``Spiel``)."""
    if typed == accepted:
        return True
    if any(ch.isdigit() for ch in typed + accepted):
        return False
    short, long = sorted((typed, accepted), key=len)
    ending = long[len(short) :]
    if len(short) >= MIN_STEM and long.startswith(short) and ending in ENDINGS:
        return ending not in ER_ENDINGS or short == typed
    if len(short) >= 8 and len(long) == len(short) + 1 and _without_one_s(long, short):
        return True
    if short.endswith(("y", "ie")) and long.endswith("ies"):
        return short.rstrip("y").removesuffix("ie") == long[:-3]
    # both inflected: Kontinenten / Kontinente
    return any(
        typed.endswith(end) and len(typed) - len(end) >= MIN_STEM and typed[: -len(end)] == stem
        for end in ENDINGS
        if end not in ER_ENDINGS
        for stem in _stems(accepted)
    )


def _without_one_s(long: str, short: str) -> bool:
    """Whether ``long`` is ``short`` with one more linking ``s`` (``Mitglied(s)staaten``)."""
    return any(
        long[i] == "s" and long[:i] + long[i + 1 :] == short for i in range(1, len(long) - 1)
    )


def _stems(word: str) -> list[str]:
    return [word[: -len(end)] for end in ENDINGS if word.endswith(end) and end not in ER_ENDINGS]


def typo_of(typed: str, accepted: str, known: Collection[str]) -> bool:
    """Whether ``typed`` is ``accepted`` with a forgivable typo."""
    limit = allowed_typos(accepted)
    if limit == 0 or typed[:1] != accepted[:1] or typed in known or is_real_word(typed):
        return False
    if any(ch.isdigit() for ch in typed):
        return False
    return OSA.distance(typed, accepted, score_cutoff=limit) <= limit


def word_matches(typed: str, accepted: str, known: Collection[str]) -> bool:
    """Whether the typed word counts as the accepted word."""
    if same_word(typed, accepted):
        return True
    plain = _UMLAUT_SPELLING.sub(r"\1", typed)
    if plain != typed and same_word(plain, accepted):
        return True
    return typo_of(typed, accepted, known)


def matches(
    answer: Collection[str],
    accepted: Collection[str],
    extras: Collection[str] = (),
    known: Collection[str] = (),
) -> bool:
    """Whether the answer's words (content words, see :func:`content`) count as the
    accepted answer's words: each accepted word found in the answer, the answer's other
    words all ``extras`` (words that belong to the card)."""
    if not accepted or not answer:
        return False
    left = list(answer)
    fuzzy = []
    for word in accepted:
        if word in left:
            left.remove(word)
        else:
            fuzzy.append(word)
    for word in fuzzy:
        found = next((i for i, mine in enumerate(left) if word_matches(mine, word, known)), None)
        if found is None:
            return False
        del left[found]
    return all(any(same_word(word, extra) for extra in extras) for word in left)


def _has_letters(words: Iterable[str]) -> bool:
    return any(not word.replace(".", "").replace("/", "").isdigit() for word in words)


def is_correct(
    answer: str,
    accepted_answers: Iterable[str],
    elsewhere: Collection[str] = (),
    extras: Collection[str] = (),
) -> bool:
    """Whether ``answer`` is right: it matches one of ``accepted_answers`` (give the answers
    of both languages). ``elsewhere`` holds the words of every answer in the deck: such a
    word is never a typo. ``extras`` are words that belong to the card (its number, unit
    and meaning), allowed in an answer beside an accepted answer's words."""
    mine = content(words_of(answer))
    if not _has_letters(mine):
        return False
    known = elsewhere if not mine else frozenset(elsewhere) | typed_real_words(answer)
    for other in accepted_answers:
        theirs = content(words_of(other))
        if not _has_letters(theirs):
            continue
        if matches(mine, theirs, extras, known):
            return True
        if len(mine) != len(theirs) and same_word("".join(mine), "".join(theirs)):
            return True
        if len(mine) == 1 and mine[0] in compounds(tuple(theirs)):
            return True
    return False


def typed_real_words(answer: str) -> frozenset[str]:
    """The words of ``answer`` that are real words as typed (``Glückszahl``), folded."""
    words = re.findall(r"[^\W\d_]+", answer.casefold())
    return frozenset(_fold(word) for word in words if is_real_word(word))


@lru_cache(maxsize=16384)
def compounds(words: tuple[str, ...]) -> frozenset[str]:
    """The German compounds of two or three words in any order (``Herzen eines Oktopus``:
    ``Oktopusherzen``), each part also without its ending or with a linking ``s``."""
    if not 2 <= len(words) <= 3 or not all(word.isalpha() for word in words):
        return frozenset()
    forms = [{word, *_stems(word), word + "s", word + "n"} for word in words]
    return frozenset(
        "".join(parts)
        for order in permutations(range(len(words)))
        for parts in product(*(forms[i] for i in order))
    )
