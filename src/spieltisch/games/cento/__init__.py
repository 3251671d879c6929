"""Cento: lay number cards that match by digits; Spiel 3 "Das Zahlenspiel", Spiel 1 and 2."""

from spieltisch.core.descriptor import STRONG_SEARCH, GameDescriptor, presets_with
from spieltisch.games.cento.actions import Draw, End, Lay, Take
from spieltisch.games.cento.game import Cento, CentoState, CentoView, Phase
from spieltisch.games.cento.words import WORDS

#: Cento for the faces. Its strongest search lets only the heuristic's 6 best moves enter
#: the knockout, where a turn can begin in many ways; the heuristic's move is nearly always as
#: good as its rivals and a knockout's winner is often only the luckiest, so the bot leaves it
#: only on clear evidence (``switch=1``; docs/performance.md, "How much a decision can still
#: gain"). Even so it is no stronger than the heuristic, so the heuristic is the level "hard"
#: (as strong, and no search time), and "medium" is a heuristic that still plans each turn in
#: full but does not look beyond it: it neither aims at going out next turn nor counts the
#: cards it could lay then, and does not mind what it leaves open for the next player
#: (``go_out=0:potential=0:block=0``). It loses clearly to the heuristic in Spiel 3, 2 and 1
#: (docs/performance.md, "Strength levels").
DESCRIPTOR = GameDescriptor(
    Cento,
    heuristic="spieltisch.bots.cento:make",
    heuristic_parameters=(
        "free",
        "hundred",
        "reach",
        "mono",
        "oblige",
        "block",
        "follow",
        "go_out",
        "potential",
    ),
    belief="spieltisch.bots.cento_belief:make",
    presets=presets_with(
        STRONG_SEARCH + ":top=6:switch=1",
        "Suche mit Heuristik (1 s, so stark wie die Heuristik)",
        "search with heuristic (1 s, as strong as the heuristic)",
    ),
    medium="heuristic:go_out=0:potential=0:block=0",
    hard="heuristic",
    browser_module=True,
    words=WORDS,
)

__all__ = ["DESCRIPTOR", "Cento", "CentoState", "CentoView", "Draw", "End", "Lay", "Phase", "Take"]
