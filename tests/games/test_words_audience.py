"""Triggs, Cento and Magic Numbers log lines told to an audience: seats by their names, the
reader's own seat as "du"/"you", and the neutral audience unchanged ("Spieler 2")."""

from __future__ import annotations

from spieltisch.core.game import Event
from spieltisch.core.words import NEUTRAL, Audience
from spieltisch.games.cento.words import describe_event as cento
from spieltisch.games.magic_numbers.words import describe as magic
from spieltisch.games.triggs.words import describe as triggs

TABLE = Audience(("Ana", "Lotte", "Emil"), reader=0)


def test_triggs_names_the_seat_and_speaks_to_the_reader() -> None:
    draw = Event("draw", {"seat": 1, "pile": "left", "card": 7})
    assert triggs(draw, "de") == "Spieler 2 zieht die 7 vom linken Stapel."
    assert triggs(draw, "de", TABLE) == "Lotte zieht die 7 vom linken Stapel."
    mine = Event("row_full", {"seat": 0, "row": 5})
    assert triggs(mine, "de", TABLE) == "Deine 5er-Reihe ist voll: ein Extrakreuz!"
    assert triggs(mine, "en", TABLE) == "Your 5-row is full: an extra cross!"
    piles = Event("piles", {"sizes": [15, 63, 15], "tops": [8, 12]})
    assert "/" not in triggs(piles, "de", NEUTRAL)  # no "15 / 63 / 15" notation


def test_cento_says_you_and_ranks_by_name_without_numbers_for_places() -> None:
    lay = Event("lay", {"seat": 0, "card": 27, "value": 27, "matched": ["tens"]})
    assert cento(lay, "de", TABLE) == "Du legst die 27."
    assert cento(lay, "en", Audience(("Ana", "Lotte", "Emil"), reader=2)) == "Ana lays the 27."
    end = Event("game_end", {"cards_left": [5, 0, 3], "ranking": [3, 1, 2]})
    expected = "Das Spiel ist aus. Karten auf der Hand: Lotte 0, Emil 3, du 5."
    assert cento(end, "de", TABLE) == expected
    rebuild = Event("rebuild", {"size": 40, "rebuilds": 1})
    assert "(Neubildung 1)" not in cento(rebuild, "de")


def test_magic_numbers_reveal_and_pay_use_names_and_no_colon_notation() -> None:
    reveal = Event("reveal", {"bids": [[[0, 3], [1, 3]], [], [[2, 1]], []]})
    text = magic(reveal, "de", TABLE)
    assert text == (
        "Die Chips werden aufgedeckt: auf Karte 1 du 3, Lotte 3; auf Karte 2 kein Gebot; "
        "auf Karte 3 Emil 1; auf Karte 4 kein Gebot."
    )
    assert ": 3" not in text
    pay = Event("pay", {"seat": 0, "paid": 6, "points": 6})
    assert magic(pay, "en", TABLE) == "You pay 6 for your chips and are now on 6."
    assert magic(pay, "de") == "Spieler 1 zahlt für die Chips 6 und steht jetzt auf 6."
    verdict = Event("verdict", {"seat": 2, "player": 0, "confirmed": True})
    assert magic(verdict, "de", TABLE) == "Quizmaster Emil lässt deine Antwort gelten."
    assert magic(verdict, "de") == "Quizmaster Spieler 3 lässt die Antwort von Spieler 1 gelten."
