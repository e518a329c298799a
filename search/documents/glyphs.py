"""Where a PDF page's glyphs stand along their own line, by PDFium's character boxes:
the one measure of a gap between two glyphs that the reader's spacing rules share
(:mod:`search.documents.pdf`'s thin spaces and false spaces, and
:mod:`search.documents.ligatures`' word space after a ligature). Measured along the
line, not in x: a page turned a right angle draws its lines up the page."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pypdfium2 as pdfium

SLANT = math.radians(5)  # text turned further than this from a right angle is slanted (a diagonal watermark)


def turn(textpage: pdfium.PdfTextPage, k: int) -> float:
    """Character ``k``'s turn in radians, clockwise (0 where PDFium does not know it)."""
    import pypdfium2.raw as raw

    return max(0.0, raw.FPDFText_GetCharAngle(textpage, k))


def along(textpage: pdfium.PdfTextPage, k: int, by: int | None = None, loose: bool = True) -> tuple[float, float]:
    """Where character ``k``'s box starts and ends along its line (along the line of
    character ``by``, a letter, where ``k`` may be a space PDFium made up, which it gives
    no turn). A page turned a right angle (newspaper's landscape page, /Rotate 90) draws
    its lines up the unturned page, where a box's left and right say nothing of the order
    of letters: every space after "a" and "’s" was taken for a logo's and dropped
    ("abusy month", "DNDO’splan"), and "a total" put in x order ("alttoa")."""
    left, bottom, right, top = textpage.get_charbox(k, loose=loose)
    angle = turn(textpage, k if by is None else by)
    if abs(math.sin(angle)) < math.sin(SLANT):  # level (or unknown): the common case
        return (left, right) if math.cos(angle) >= 0 else (-right, -left)
    dx, dy = math.cos(angle), -math.sin(angle)  # the line's direction on the page
    ends = (left * dx + bottom * dy, right * dx + top * dy, left * dx + top * dy, right * dx + bottom * dy)
    return min(ends), max(ends)


def gap(textpage: pdfium.PdfTextPage, before: int, after: int) -> float:
    """The gap along the line between two characters' boxes (PDFium's loose boxes)."""
    return along(textpage, after, before)[0] - along(textpage, before)[1]
