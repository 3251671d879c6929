"""Types of the compiled Dicht dran bot arithmetic (``_dicht_dran_plan.c``)."""

from collections.abc import Sequence

def round_values(
    groups: tuple[Sequence[int], ...],
    my_card: int,
    circle: tuple[int, ...],
    position: int,
    next_target: tuple[int, ...],
    cards: Sequence[int],
    chilis: tuple[int, ...],
    horizon: int,
    shed: float,
    draw: float,
    draws: float,
) -> list[list[float]]: ...
def plan_choices(table: list[list[float]], tie: float, margin: float) -> list[int]: ...
def choose(
    groups: tuple[Sequence[int], ...],
    my_card: int,
    circle: tuple[int, ...],
    position: int,
    next_target: tuple[int, ...],
    cards: Sequence[int],
    chilis: tuple[int, ...],
    horizon: int,
    shed: float,
    draw: float,
    draws: float,
    keep: float,
    tie: float,
    margin: float,
) -> list[int]: ...
