"""The Triggs score sheet: rows 1–12, each with its number of boxes.

RECONSTRUCTION (RULES-NOTES §4 (b) 1): no public source prints the whole sheet. Fixed by
sources: the 1- and 2-rows have two boxes, the 7-row four, the 12-row five, the 11-row at
least four (the rule sheet's example crosses four 11s). The rest is interpolated; 43 boxes in
all. The option ``score_sheet`` replaces the table, e.g. with a transcription of a printed
sheet.
"""

from __future__ import annotations

VALUES = tuple(range(1, 13))

#: Boxes per row, for the rows 1 to 12.
RECONSTRUCTED_SHEET: tuple[int, ...] = (2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5)

#: The option's text form: twelve box counts, comma-separated, for the rows 1 to 12.
SHEET_PATTERN = r"[1-9](,[1-9]){11}"


def sheet_text(sheet: tuple[int, ...]) -> str:
    """The option value for a sheet."""
    return ",".join(map(str, sheet))


def parse_sheet(text: str) -> tuple[int, ...]:
    """A sheet from its option value (already checked against :data:`SHEET_PATTERN`)."""
    return tuple(int(part) for part in text.split(","))
