"""What the Triggs events say, in German and English."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "de": {
        "left": "linken",
        "middle": "mittleren",
        "right": "rechten",
        "deal": "Deine Handkarten: {hand}",
        "piles": "Stapel (links / Mitte / rechts): {sizes} Karten; offen liegen {left} und "
        "{right}.",
        "draw": "Spieler {player} zieht die {card} vom {pile} Stapel.",
        "draw_hidden": "Spieler {player} zieht eine Karte vom {pile} Stapel.",
        "drawn": "Du ziehst: {cards}",
        "discard": "Spieler {player} wirft {count}× die {value} ab.",
        "discard_box": "Spieler {player} wirft {count}× die {value} ab; sie kommen in die "
        "Schachtel.",
        "announce": "Spieler {player}: „Ich kreuze {value}en an!“",
        "form": "Spieler {player} legt {cards} und kreuzt eine {value} an.",
        "row_full": "Spieler {player} hat die {row}er-Reihe voll: ein Extrakreuz!",
        "extra": "Spieler {player} macht das Extrakreuz in der {row}er-Reihe.",
        "refill_hand": "Spieler {player} hat keine Karten mehr und zieht {count} vom verdeckten "
        "Stapel.",
        "reshuffle": "Der Ablagestapel wird gemischt und füllt den {pile} Stapel auf ({count} "
        "Karten).",
        "removed": "Die {card} oben auf dem {pile} Stapel kommt aus dem Spiel.",
        "removal_rule": "Alle haben die {value}er-Reihe voll: {value}er kommen aus dem Spiel.",
        "win": "Spieler {player} hat alle Felder angekreuzt und gewinnt!",
        "round_limit": "Nach {rounds} Runden endet das Spiel ohne Sieger; es zählen die Kreuze.",
    },
    "en": {
        "left": "left",
        "middle": "middle",
        "right": "right",
        "deal": "Your hand: {hand}",
        "piles": "Piles (left / middle / right): {sizes} cards; face up: {left} and {right}.",
        "draw": "Player {player} draws the {card} from the {pile} pile.",
        "draw_hidden": "Player {player} draws a card from the {pile} pile.",
        "drawn": "You draw: {cards}",
        "discard": "Player {player} discards {count}× {value}.",
        "discard_box": "Player {player} discards {count}× {value}; they go back in the box.",
        "announce": "Player {player}: “I cross off {value}s!”",
        "form": "Player {player} lays {cards} and crosses off a {value}.",
        "row_full": "Player {player} filled the {row}-row: an extra cross!",
        "extra": "Player {player} puts the extra cross in the {row}-row.",
        "refill_hand": "Player {player} has no cards left and draws {count} from the face-down "
        "pile.",
        "reshuffle": "The discard pile is shuffled into the {pile} pile ({count} cards).",
        "removed": "The {card} on top of the {pile} pile leaves the game.",
        "removal_rule": "Everyone has filled the {value}-row: {value}s leave the game.",
        "win": "Player {player} has crossed every box and wins!",
        "round_limit": "After {rounds} rounds the game ends without a winner; crosses count.",
    },
}
