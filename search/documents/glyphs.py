"""Where a PDF page's glyphs stand along their own line, by PDFium's character boxes:
the one measure of a gap between two glyphs that the reader's spacing rules share
(:mod:`search.documents.pdf`'s thin spaces and false spaces, and
:mod:`search.documents.ligatures`' word space after a ligature). Measured along the
line, not in x: a page turned a right angle draws its lines up the page."""

from __future__ import annotations

import ctypes
import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pypdfium2 as pdfium

SLANT = math.radians(5)  # text turned further than this from a right angle is slanted (a diagonal watermark)
LEAN = 0.02  # a glyph whose ink reaches this part of its size past its advance leans: an italic's overhang
OVERHANG = 0.25  # ... and one reaching further than this has a width PDFium got wrong


def turn(textpage: pdfium.PdfTextPage, k: int) -> float:
    """Character ``k``'s turn in radians, clockwise (0 where PDFium does not know it)."""
    import pypdfium2.raw as raw

    return max(0.0, raw.FPDFText_GetCharAngle(textpage.raw, k))


def along(
    textpage: pdfium.PdfTextPage, k: int, by: int | None = None, loose: bool = True, angle: float | None = None
) -> tuple[float, float]:
    """Where character ``k``'s box starts and ends along its line (along the line of
    character ``by``, a letter, where ``k`` may be a space PDFium made up, which it gives
    no turn). A page turned a right angle (newspaper's landscape page, /Rotate 90) draws
    its lines up the unturned page, where a box's left and right say nothing of the order
    of letters: every space after "a" and "’s" was taken for a logo's and dropped
    ("abusy month", "DNDO’splan"), and "a total" put in x order ("alttoa"). ``angle``:
    that character's :func:`turn`, where the caller has it already (one PDFium call less)."""
    left, bottom, right, top = textpage.get_charbox(k, loose=loose)
    if angle is None:
        angle = turn(textpage, k if by is None else by)
    if abs(math.sin(angle)) < math.sin(SLANT):  # level (or unknown): the common case
        return (left, right) if math.cos(angle) >= 0 else (-right, -left)
    dx, dy = math.cos(angle), -math.sin(angle)  # the line's direction on the page
    ends = (left * dx + bottom * dy, right * dx + top * dy, left * dx + top * dy, right * dx + bottom * dy)
    return min(ends), max(ends)


def gap(textpage: pdfium.PdfTextPage, before: int, after: int) -> float:
    """The gap along the line between two characters' boxes (PDFium's loose boxes)."""
    angle = turn(textpage, before)  # both measured along ``before``'s line
    return along(textpage, after, angle=angle)[0] - along(textpage, before, angle=angle)[1]


def drawn_size(textpage: pdfium.PdfTextPage, k: int) -> float | None:
    """Character ``k``'s font size as drawn: its text object's size times its matrix's
    scale, or None where PDFium cannot say. PDFium's own font size leaves the matrix out:
    LaTeX_RefSheet draws a form scaled to 0.274, its 12-point text 3.3 points tall."""
    import pypdfium2.raw as raw

    obj = raw.FPDFText_GetTextObject(textpage, k)
    matrix, size = raw.FS_MATRIX(), ctypes.c_float()
    if not obj or not raw.FPDFText_GetMatrix(textpage, k, matrix) or not raw.FPDFTextObj_GetFontSize(obj, size):
        return None
    return size.value * math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c)) or None


def italic_gap(textpage: pdfium.PdfTextPage, before: int, after: int) -> float | None:
    """After a leaning (italic or slanted) glyph, the gap along the line from where
    character ``before``'s advance ends (its origin and its glyph's width) to character
    ``after``'s box, in ems of ``before``'s size as drawn (the text object's size times its
    matrix: PDFium's font size leaves the matrix out, 1 in a file that sets its text at
    size 1 and scales it), as both reference extractors measure a space. PDFium's box
    reaches to the ink, past the advance by an italic letter's overhang (over ``LEAN`` em,
    at most ``OVERHANG``), so over an italic correction (LaTeX's ``\\/``: "Out!\\/---the",
    "$F(x)$", "panel\\/:") :func:`gap` reads 0.03-0.06 em where the extractors read
    0.1-0.15 em, a space. None after an upright glyph (:func:`gap` measures it) or where
    PDFium cannot say (no text object, a glyph width it cannot find for the character, a
    line not level and upright)."""
    import pypdfium2.raw as raw

    right = textpage.get_charbox(before, loose=True)[2]
    if textpage.get_charbox(before)[2] < right:  # its ink ends inside its box: the box ends at the advance
        return None
    obj = raw.FPDFText_GetTextObject(textpage, before)
    matrix = raw.FS_MATRIX()
    if not obj or not raw.FPDFText_GetMatrix(textpage, before, matrix):
        return None
    if matrix.a <= 0 or abs(matrix.b) > 1e-6 * matrix.a or abs(matrix.c) > 1e-6 * matrix.a:
        return None  # not level and upright: the origin and width would need turning
    size, width, x, y = ctypes.c_float(), ctypes.c_float(), ctypes.c_double(), ctypes.c_double()
    font = raw.FPDFTextObj_GetFont(obj)
    if (
        not font
        or not raw.FPDFTextObj_GetFontSize(obj, size)
        or size.value <= 0
        or not raw.FPDFFont_GetGlyphWidth(font, raw.FPDFText_GetUnicode(textpage, before), size.value, width)
        or width.value <= 0  # a character its font has no code for ("⟩" read "i" from cmsy)
        or not raw.FPDFText_GetCharOrigin(textpage, before, x, y)
    ):
        return None
    em = size.value * matrix.a
    end = x.value + width.value * matrix.a
    if not LEAN * em < right - end <= OVERHANG * em:
        return None
    return (textpage.get_charbox(after, loose=True)[0] - end) / em
