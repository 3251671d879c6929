"""Types of the compiled Cento hand shape (``_cento_shape.c``)."""

from collections.abc import Sequence

class Shaper:
    def __init__(
        self,
        special: bool,
        chains: bool,
        onto: Sequence[int],
        shows: Sequence[int],
        under: Sequence[int],
        repdigit_shows: Sequence[Sequence[int]],
    ) -> None: ...
    def counts(self, hand: Sequence[int]) -> tuple[int, int]: ...
