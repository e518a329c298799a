"""PDF text layer with pypdfium2, a page a segment (page number and page label), read
as laid out: columns in reading order, running headers, footers and margin stamps
dropped (:mod:`search.documents.layout`; measured per layout kind by
benchmarks/bench_pdf.py).

pypdfium2 (PDFium, Apache-2.0/BSD) was chosen by measurement over pypdf and
pdfminer.six: about 10x their pages/s with text as good (docs/library.md,
benchmarks/pdf_libraries.py); PyMuPDF is faster still but AGPL. PDFium is not
thread-safe, so every call holds one lock. Pages without a text layer are read with
Tesseract when it is installed (:mod:`search.documents.ocr`), within the OCR limits:
a page image of at most ``ocr_max_pixels`` (a larger page is rendered at a lower
resolution), ``ocr_page_seconds`` per page and ``ocr_file_seconds`` per file.

A page whose text repeats an earlier page's is read once: a 31 KB PDF whose page tree
lists one page object 5,000 times made 5,000 pages of the same text (the same holds
for 5,000 page objects sharing one content stream). Pages are read until the
file's character budget is spent (:mod:`search.documents.limits`)."""

from __future__ import annotations

import bisect
import ctypes
import functools
import hashlib
import itertools
import math
import re
import threading
import time
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING

from deepref.search.documents.cleanup import join_lines, normalise, strip_running_lines
from deepref.search.documents.dependencies import needed
from deepref.search.documents.glyphs import SLANT, along, drawn_size, gap, italic_gap, turn
from deepref.search.documents.layout import Box, PageBoxes, page_texts, same_line
from deepref.search.documents.ligatures import Ligatures
from deepref.search.documents.limits import DEFAULT_LIMITS, Budget, ReadLimits
from deepref.search.documents.models import DocumentError, ReadDocument, Segment
from deepref.search.documents.ocr import OCR_HINT, OcrTimeout, ocr_available, ocr_page

if TYPE_CHECKING:
    import pypdfium2 as pdfium

PDFIUM_LOCK = threading.RLock()
_LINE = re.compile(r"[^\r\n]*\S[^\r\n]*")
OCR_MAX_PAGES = 200  # a scanned book beyond this is read up to here, and the warning says so
OCR_DPI = 300
THIN_SPACE = 0.1  # a gap between two characters' advance boxes over this part of the font's size is a space
KERN = 0.25  # ... and one under this part of it, narrower than a word space (a third), is a kern
ACCENT = 0.5  # a rectangle under this part of a letter's height, just above it, is its accent
_COMBINING = {  # a spacing accent and its combining mark
    "¨": "\u0308",
    "´": "\u0301",
    "ˆ": "\u0302",
    "˜": "\u0303",
    "¸": "\u0327",
    "ˇ": "\u030c",
    "˘": "\u0306",
    "˙": "\u0307",
    "˚": "\u030a",
    "¯": "\u0304",
    "˝": "\u030b",
    "˛": "\u0328",
    "`": "\u0300",
}
_ACCENT = re.compile(f"[{''.join(_COMBINING)}]")
_UNDER = frozenset("¸˛")  # the accents set under their letter
# Each pattern below begins with the character it is looked for at (a space, a digit, a
# punctuation mark) and looks behind from there: a look-behind at every offset of the
# page's text took three times as long (the same places found, benchmarks/bench_pdf.py).
# "X E": a space after a one-letter word, before a letter (not a spacing accent, a
# modifier letter to Unicode: latexsheet's "o ˆo", its ˆ drawn before the o it stands
# over, was put in line order, "oˆ", :func:`_composed_accents` then finding no letter)
_LETTER_APART = re.compile(rf" (?<=[^\W\d_] )(?<![^\W_]. )(?=[^\W\d_])(?!{_ACCENT.pattern})")
# "cmd ⟩", "(AP )", "(x ,y)": a space after a letter, before a closing bracket or a comma
_KERNED_APART = re.compile(r" (?<=[^\W\d_] )(?=[⟩〉),])")
# "KOMA -Script": a space after a letter, before a hyphen that begins a word
_HYPHEN_APART = re.compile(r" (?<=[^\W\d_] )(?=-[^\W\d_])")
# a thin space's place: the end of a digit before a letter, of punctuation before a letter
# or bullet, of an operator before a letter or digit (_THIN_AFTER); the start of
# punctuation, an arrow, an operator or a dash after a letter or digit, of a dash after
# "?" or "!" (_THIN_BEFORE: latex-doc-ptr's "only an inch left? — but", 0.17 em)
_THIN_AFTER = (
    re.compile(r"\d(?=[^\W\d_])"),
    re.compile(r"[,;:→•](?=[^\W_]|•)"),
    re.compile(r"[+=<>≤≥−×](?=[^\W_])"),
)
_THIN_BEFORE = re.compile(r"[:;!?→+=<>≤≥−×—](?<=[^\W_].)|—(?<=[!?]—)")
# where an italic letter's correction, which both extractors read as a space, may stand
# before an upright glyph: "(" or "}" after a letter ("$F (x)$", "{nx }"), a dash after
# "!" or "?" ("Lights Out! —the"), and "i" ending a word after a letter, which is cmsy's
# closing angle bracket in a font without a Unicode map ("{hlabel i}", LaTeX's \meta);
# a closing bracket or a comma is not here (a kern there is no space, _KERNED_APART)
_OVERHANG_BEFORE = re.compile(r"[(}](?<=[^\W\d_].)|—(?<=[!?]—)|i(?<=[^\W\d_]i)(?![^\W\d_])")
_OPERATORS = frozenset("+=<>≤≥−×—")  # a gap before one is measured at its size, not a subscript's before it
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # a character outside the BMP
_SURROGATE = re.compile("[\ud800-\udfff]")  # half of a UTF-16 pair
Rect = tuple[float, float, float, float]  # left, bottom, right, top


def _boxes(
    textpage: pdfium.PdfTextPage,
    ligatures: Callable[[pdfium.PdfTextPage, str], tuple[str, dict[int, str]]] | None = None,
    rotation: int = 0,
    bbox: Rect = (0.0, 0.0, 0.0, 0.0),
) -> tuple[list[Box], list[Box]]:
    """A page's text line segments with their rectangles, in the file's order, and apart
    from them the segments set at a slant (neither level nor upright: a diagonal "draft"
    watermark, whose one rectangle, 460 points tall across a paper's gutter, cut its two
    columns into bands and put "draft" inside a sentence; tugboat-babelbib).

    PDFium's text is read once; each of its lines is cut where its rectangles stop
    continuing each other (two columns' lines drawn side by side are one line of text
    and two rectangles), found by bisecting on the rectangle count. Asking PDFium for each rectangle's text
    instead scans the page each time: 5x slower on a column page.

    PDFium's text counts in UTF-16 units (a character outside the BMP, the math italic
    𝛼 of a LaTeX paper, counts two when its font's map gives it as one pair) and leaves
    out characters that its character indices count: one without a code (a radical
    sign's NUL), and one outside the BMP that a map's range made a single character
    (NewTXMI's math italics; its text is UCS-2). Its offset-to-index mapping then stays off
    by as many (asmeconf's page 4 was cut "the asmeconf-templat|e.tex"), so such a page's
    text is read a character per index instead. Asking for the text inside each rectangle
    repeats the letters of rectangles that overlap (the LaTeX logo's raised A read
    "LALATATETEX EX").

    A page turned by its /Rotate (``rotation`` degrees, ``bbox`` the unturned page) is
    read as shown (:func:`_shown`)."""
    import pypdfium2.raw as raw

    text = _units(textpage.get_text_range())
    if len(text) != textpage.count_chars():
        text = _by_index(textpage)
    text = text.replace("\ufffe", "\x02")  # its soft hyphen, as get_text_bounded gives it
    stand_ins: dict[int, str] = {}  # a ligature's stand-in -> its letters (search.documents.ligatures)
    if ligatures is not None:
        text, stand_ins = ligatures(textpage, text)
    text = _without_false_spaces(textpage, text)
    text = _composed_accents(textpage, text)
    thin = _thin_spaces(textpage, text)
    chars = _chars if _SURROGATE.search(text) else str  # a page without pairs needs no decoding
    rects = _Rects(textpage, _shown(rotation, bbox))
    page = textpage.raw  # the handle itself: pypdfium2's object, passed, is asked for it each call
    boxes: list[Box] = []
    slanted: list[Box] = []
    for line in _LINE.finditer(text):
        start, end = line.span()
        lead = end - len(line.group().lstrip())  # its first character
        lead_angle = raw.FPDFText_GetCharAngle(page, lead)  # radians; -1 unknown
        shown = lead_angle + (math.radians(rotation) if lead_angle >= 0 else 0.0)  # as shown
        groups = _groups(rects(start, end - start), accents=not SLANT < shown % math.pi < math.pi - SLANT)
        cut = start
        for g, (_, rect) in enumerate(groups):
            if g == len(groups) - 1:
                nxt = end
            else:  # the first character count that reaches the next group's first rectangle
                first = groups[g + 1][0]
                lo, hi = cut + 1, end
                while lo < hi:
                    mid = (lo + hi) // 2
                    if rects.count(rects.page, start, mid - start) > first:
                        hi = mid
                    else:
                        lo = mid + 1
                nxt = lo - 1
            words = chars(_spaced(text, cut, nxt, thin)).replace("\x00", "")
            if stand_ins:  # a ligature's stand-in becomes its letters
                words = words.translate(stand_ins)
            box = (*rect, words.strip(" "))
            first = cut + len(text[cut:nxt]) - len(text[cut:nxt].lstrip())  # its first character's turn
            angle = 0.0
            if first < nxt:  # the line's first box starts with the line's first character, asked once
                angle = lead_angle if first == lead else raw.FPDFText_GetCharAngle(page, first)
            (slanted if angle >= 0 and SLANT < angle % (math.pi / 2) < math.pi / 2 - SLANT else boxes).append(box)
            cut = nxt
    return boxes, slanted


class _Rects:
    """A page's rectangles over a range of its characters, by PDFium's own calls on one set
    of outputs: pypdfium2's ``get_rect`` makes four new ones a rectangle, a tenth of the
    time of reading a column page's lines."""

    def __init__(self, textpage: pdfium.PdfTextPage, upright: Callable[[Rect], Rect] | None = None) -> None:
        import pypdfium2.raw as raw

        self.upright = upright
        self.page = textpage.raw
        self.count, self.get = raw.FPDFText_CountRects, raw.FPDFText_GetRect
        self.left, self.bottom, self.right, self.top = (ctypes.c_double() for _ in range(4))

    def __call__(self, start: int, count: int) -> list[tuple[float, float, float, float]]:
        n = self.count(self.page, start, count)
        out = []
        left, bottom, right, top = self.left, self.bottom, self.right, self.top
        for k in range(n):
            if not self.get(self.page, k, left, top, right, bottom):  # PDFium's order: l, t, r, b
                n = -1
                break
            out.append((left.value, bottom.value, right.value, top.value))
        if n == -1:
            import pypdfium2 as pdfium

            raise pdfium.PdfiumError(f"Failed to read the rectangles of characters {start} to {start + count}.")
        return [self.upright(r) for r in out] if self.upright else out


def _shown(rotation: int, bbox: Rect) -> Callable[[Rect], Rect] | None:
    """A rectangle's place on a page turned ``rotation`` degrees clockwise by its /Rotate,
    as shown (origin at the shown page's lower left; ``bbox`` the unturned page: left,
    bottom, right, top), or None for an unturned page. A landscape page set by pdflscape
    (/Rotate 90) draws its lines up the unturned page: read there, each line stood alone,
    upright (out of the columns, in the file's order), so PDFium lines that ran on into
    the next were never cut ("Ox- ford" kept its hyphen), a word in another font was a
    line of its own ("( PACTS )"), and the page's width and height were swapped for the
    bands of running lines (newspaper's page 5; pdftotext and pdfminer.six read it
    turned)."""
    left, bottom, right, top = bbox
    if rotation == 90:
        return lambda r: (r[1] - bottom, right - r[2], r[3] - bottom, right - r[0])
    if rotation == 180:
        return lambda r: (right - r[2], top - r[3], right - r[0], top - r[1])
    if rotation == 270:
        return lambda r: (top - r[3], r[0] - left, top - r[1], r[2] - left)
    return None


def _thin_spaces(textpage: pdfium.PdfTextPage, text: str) -> list[int]:
    """The text offsets before which a thin space lies that PDFium's text left out: at a
    digit's end before a letter ("122 mm"), around punctuation and arrows ("panel :",
    "connues ; mais", "Concepts: •", "stretch, etc."), around an operator ("+ δr", "106 ×
    106": a formula's medium space) and before a dash ("wants — the"); the gap between the
    two characters' advance boxes is over a tenth of the font's size, the operator's or
    dash's where one is (a subscript before "+" is smaller), else the first character's
    (both pdftotext and pdfminer.six keep these spaces; a letter's own spacing is near
    nought). After a leaning glyph, there and where an italic correction may stand before
    an upright one (:data:`_OVERHANG_BEFORE`), the gap counts from where its advance
    ends, as both extractors measure it (:func:`search.documents.glyphs.italic_gap`):
    PDFium's box reaches over the overhang to the ink, and "Out!\\/---the", "$F(x)$",
    "{nx\\/}" and "panel\\/:" (0.10-0.15 em from the advance) read without the space the
    truth's sentences have."""
    import pypdfium2.raw as raw

    places = {m.end() for p in _THIN_AFTER for m in p.finditer(text)}
    places.update(m.start() for m in _THIN_BEFORE.finditer(text))
    overhangs = {m.start() for m in _OVERHANG_BEFORE.finditer(text)}
    out = []
    for k in sorted(places | overhangs):
        if k in places:
            size = raw.FPDFText_GetFontSize(textpage.raw, k if text[k] in _OPERATORS else k - 1)
            if gap(textpage, k - 1, k) > THIN_SPACE * size:
                out.append(k)
                continue
        italic = italic_gap(textpage, k - 1, k)
        if italic is not None and italic > THIN_SPACE:
            out.append(k)
    return out


def _without_false_spaces(textpage: pdfium.PdfTextPage, text: str) -> str:
    """``text`` without the spaces PDFium made up (as NUL, dropped with the box's text)
    where a pattern's test on the space says it is none (:data:`_FALSE_SPACES`). Only the
    patterns' places are looked at: asking PDFium about every space would cost about 1 ms
    a page."""
    import pypdfium2.raw as raw

    out: list[str] | None = None
    for pattern, test in _FALSE_SPACES:
        for found in pattern.finditer(text):
            k = found.start()
            if raw.FPDFText_IsGenerated(textpage.raw, k) != 1 or (out and out[k - 1] == "\x00"):
                continue  # no space PDFium made up, or its one-letter word an E moved back into a logo
            moved = test(textpage, text, k)
            if moved is not None:
                out = out or list(text)
                out[k] = "\x00"  # before the moves: a logo's E set back takes the space's place
                for place, char in moved.items():
                    out[place] = char
    return "".join(out) if out else text


def _inside_a_logo(textpage: pdfium.PdfTextPage, text: str, k: int) -> dict[int, str] | None:
    """Whether the space at ``k``, after a one-letter word, lies inside a logo, where
    such logos begin: the next glyph overlaps the letter (XeLaTeX's logo sets its E
    mirrored back over the X: "X ELATEX"; no letter moves, {}), or the word's letters
    stand on the line in another order than drawn (XeTeX's E drawn after the T, back over
    the X: "X TEEX"; the letters put in line order), or a lowered E drawn further on lies
    at the letter's end (:func:`_logos_e`, looked for first: moved there); else None. A
    letter on the next line (a paragraph PDFium read as one line, a turned page's third
    column: "a | total") is none: its space stays."""
    angle = turn(textpage, k - 1)  # the letter's line, along which every glyph here is measured
    if not _same_line(textpage, k - 1, k + 1, angle):
        return None
    set_back = _logos_e(textpage, text, k, angle)
    if set_back is not None:
        return set_back
    letter, after = along(textpage, k - 1, loose=False, angle=angle), along(textpage, k + 1, loose=False, angle=angle)
    if after[0] < letter[1]:
        return {}
    return _in_line_order(textpage, text, k, angle, (letter[0], after[0]))


def _logos_e(textpage: pdfium.PdfTextPage, text: str, k: int, angle: float) -> dict[int, str] | None:
    """The moves that put a logo's E after the one-letter word before the space at ``k``
    (the E in the space's place), where an E further on in the line lies at that letter's
    end, set lower, as tall: XƎSearch's mirrored E, drawn between the X and the next word
    but with its origin past that word's start, which PDFium's text puts after the word
    ("X Search E manipulates") or after the next logo on the line (xeindex: "X Index is
    based on X E Search"); else None. Found by place, not by where it is drawn, an E
    right after the space but over an earlier X is not taken for this one's. A space
    PDFium made up beside the E goes with it, both where the characters either side of
    it touch ("X Search E :", "XESearch:" in the truth). Level lines only (``angle``:
    the letter's turn), where left and right are the line's order."""
    import pypdfium2.raw as raw

    if abs(math.sin(angle)) >= math.sin(SLANT):
        return None
    left, bottom, right, top = textpage.get_charbox(k - 1)
    height = top - bottom
    end = text.find("\n", k)
    end = len(text) if end < 0 else end
    e = text.find("E", k + 1, end)
    while e >= 0:
        e_left, e_bottom, e_right, e_top = textpage.get_charbox(e)
        if (
            (left + right) / 2 < e_left < right + (e_right - e_left) / 2
            and bottom - height / 2 < e_bottom < bottom - 0.1 * height
            and e_top - e_bottom > 0.8 * height
        ):
            made_up = [j for j in (e - 1, e + 1) if j != k and j < end and text[j] == " "]
            made_up = [j for j in made_up if raw.FPDFText_IsGenerated(textpage.raw, j) == 1]
            moved = {k: "E", e: "\x00"}
            size = raw.FPDFText_GetFontSize(textpage, e)
            if len(made_up) == 2 and e + 2 < end and gap(textpage, e - 2, e + 2) < THIN_SPACE * size:
                moved.update(dict.fromkeys(made_up, "\x00"))
            elif made_up:
                moved[made_up[-1]] = "\x00"
            return moved
        e = text.find("E", e + 1, end)
    return None


def _a_kern(textpage: pdfium.PdfTextPage, text: str, k: int) -> dict[int, str] | None:
    """Whether the space at ``k``, between a letter and a closing bracket or a comma, is a
    kern, under a quarter of the font's size (:data:`KERN`, narrower than a word space): an
    italic correction (LaTeX's ``\\/``, 0.03-0.09 em on the real PDFs), which PDFium reads
    as a space after some letters only ("⟨number ⟩" beside "⟨code⟩" in usrguide's
    meta-variables, "(CJ )" beside "(BI)" in tugboat-geometry-space), as it does a
    listing's tighter gaps ("\\collaboration , \\affiliation", 0.24 em). Typeset text sets
    no space there, and both reference extractors' truth drops it (benchmarks/pdf_real.py,
    methods 11 and 13). {} if so, else None."""
    import pypdfium2.raw as raw

    width = gap(textpage, k - 1, k + 1)
    return {} if width < KERN * raw.FPDFText_GetFontSize(textpage, k + 1) else None


def _a_hyphens_kern(textpage: pdfium.PdfTextPage, text: str, k: int) -> dict[int, str] | None:
    """Whether the space at ``k``, between a letter and a hyphen that begins a word, is
    narrower than a thin space (:data:`THIN_SPACE` of the hyphen's size as drawn): a kern
    before a compound's hyphen ("KOMA\\kern.05em-Script" in LaTeX_RefSheet, "Addison
    -Wesley" in ideas, a URL's "proof -at-the-end": 0.04-0.10 em), which PDFium makes a
    space of where the font gives no space's width to measure by (it then takes a quarter
    of the hyphen's) and both reference extractors read as none. An option after its
    command ("the -G flag", "dpkg -i") stands 0.2 em off or more. {} if so, else None."""
    size = drawn_size(textpage, k + 1)
    return {} if size is not None and gap(textpage, k - 1, k + 1) < THIN_SPACE * size else None


# each pattern's places (a space PDFium may have made up) and the test that says it is none
_FALSE_SPACES = ((_LETTER_APART, _inside_a_logo), (_KERNED_APART, _a_kern), (_HYPHEN_APART, _a_hyphens_kern))


def _in_line_order(
    textpage: pdfium.PdfTextPage, text: str, k: int, angle: float, first: tuple[float, float]
) -> dict[int, str] | None:
    """The one-letter word before the space at ``k`` and the word after it (up to eight
    letters), their letters placed in the order they stand on the line (offset ->
    letter), when drawn in another order and the one letter still begins them; else None.
    ``angle``: the letter's turn; ``first``: where the letter and the glyph after the space
    start along the line (the caller has them)."""
    end = k + 1
    while end < len(text) and end - k <= 8 and text[end].isalpha():
        end += 1
    places = [k - 1, *range(k + 1, end)]
    if len(places) <= 2:
        return None
    lefts = [*first, *(along(textpage, j, loose=False, angle=angle)[0] for j in places[2:])]
    if lefts[1] <= lefts[0] or all(a <= b for a, b in itertools.pairwise(lefts[1:])):
        return None
    order = sorted(range(len(places)), key=lambda n: lefts[n])
    if lefts[order[0]] != lefts[0]:
        return None
    return {place: text[places[n]] for place, n in zip(places, order, strict=True)}


def _same_line(textpage: pdfium.PdfTextPage, a: int, b: int, angle: float) -> bool:
    """Whether characters ``a`` and ``b`` share a line: their boxes overlap across it by
    half the smaller one's height (``angle``: ``a``'s turn)."""
    a_box, b_box = textpage.get_charbox(a, loose=True), textpage.get_charbox(b, loose=True)
    axis = 1 if abs(math.sin(angle)) < math.sin(SLANT) else 0  # level: heights are y; turned: x
    low, high = max(a_box[axis], b_box[axis]), min(a_box[axis + 2], b_box[axis + 2])
    return high - low >= 0.5 * min(a_box[axis + 2] - a_box[axis], b_box[axis + 2] - b_box[axis])


def _composed_accents(textpage: pdfium.PdfTextPage, text: str) -> str:
    """``text`` with each accent set apart over (or under) a letter, as a font without
    accented letters draws it (LaTeX's OT1 fonts: beamer-fuberlin read "Einfuhrung ¨"),
    joined to that letter ("Einführung"); the accent and the space PDFium made up before
    it become NUL, dropped with the box's text. The letter is the one among the 40
    characters before the accent whose box lies under the accent's middle, else the
    character after it: TeX's \\` and \\^ draw the accent first (layaureo's Italian
    "pi`u", "`e", webguide's "Th`anh", "Thˆe"), and the space before it is a word's."""
    import pypdfium2.raw as raw

    out: list[str] | None = None
    for found in _ACCENT.finditer(text):
        k = found.start()
        accent = textpage.get_charbox(k)
        for j in range(k - 1, max(-1, k - 41), -1):
            if not text[j].isalpha():
                continue
            if _over(textpage.get_charbox(j), accent, under=found.group() in _UNDER):
                letter = unicodedata.normalize("NFC", text[j] + _COMBINING[found.group()])
                if len(letter) == 1:
                    out = out or list(text)
                    out[j], out[k] = letter, "\x00"
                    if text[k - 1] == " " and raw.FPDFText_IsGenerated(textpage, k - 1) == 1:
                        out[k - 1] = "\x00"
                break
        else:
            j = k + 1
            if (
                j < len(text)
                and text[j].isalpha()
                and _over(textpage.get_charbox(j), accent, under=found.group() in _UNDER)
            ):
                letter = unicodedata.normalize("NFC", text[j] + _COMBINING[found.group()])
                if len(letter) == 1:
                    out = out or list(text)
                    out[j], out[k] = letter, "\x00"
    return "".join(out) if out else text


def _over(box: Rect, accent: Rect, under: bool) -> bool:
    """Whether an ``accent``'s box stands over the letter's ``box`` (or,
    ``under``, a cedilla or an ogonek, under it), its middle inside the letter's width and
    within a letter's height of it. Only those two go under: cmsy's turnstile, read "`",
    stood under a letter of the line above and made it "À" (BussGuide2)."""
    left, bottom, right, top = accent
    b_left, b_bottom, b_right, b_top = box
    if under:
        near = top <= b_bottom + 1 and b_bottom - top < b_top - b_bottom
    else:
        near = bottom >= b_top - 1 and bottom - b_top < b_top - b_bottom
    return b_left <= (left + right) / 2 <= b_right and near


def _spaced(text: str, start: int, end: int, thin: list[int]) -> str:
    """``text[start:end]`` with a space before each offset of ``thin`` inside it."""
    cuts = thin[bisect.bisect_right(thin, start) : bisect.bisect_left(thin, end)]
    if not cuts:
        return text[start:end]
    return " ".join(text[a:b] for a, b in zip([start, *cuts], [*cuts, end], strict=True))


def _by_index(textpage: pdfium.PdfTextPage) -> str:
    """The page's text a character per PDFium character index (one without a code as
    NUL, a surrogate as itself)."""
    import pypdfium2.raw as raw

    page = textpage.raw
    return "".join(chr(raw.FPDFText_GetUnicode(page, i)) for i in range(textpage.count_chars()))


def _units(text: str) -> str:
    """``text`` with each character outside the BMP as its two UTF-16 surrogates, so that
    indices count as PDFium's do."""
    if text.isascii() or not _ASTRAL.search(text):  # one scan in C, not a Python call a character
        return text
    return "".join(c if ord(c) < 0x10000 else chr(0xD7C0 + (ord(c) >> 10)) + chr(0xDC00 | ord(c) & 0x3FF) for c in text)


def _chars(units: str) -> str:
    """Surrogate pairs back to characters (a lone one, cut from its pair, as U+FFFD)."""
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def _groups(
    rects: list[tuple[float, float, float, float]], accents: bool = False
) -> list[tuple[int, tuple[float, float, float, float]]]:
    """Rectangles of one line of PDFium's text that continue each other (a font change
    splits a line into rectangles: same baseline, touching) as (first index, union);
    PDFium's own spacing inside a group is kept. On a level line (``accents``) an
    accent's rectangle over a letter's counts at the letter's height
    (:func:`_accents_set_down`; above and over mean nothing on a turned table's line)."""
    if len(rects) == 1:  # half the lines: one rectangle, one group
        return [(0, rects[0])]
    groups: list[tuple[int, tuple[float, float, float, float]]] = []
    for k, (left, bottom, right, top) in enumerate(_accents_set_down(rects) if accents else rects):
        if groups:
            first, (gl, gb, gr, gt) = groups[-1]
            height = max(top - bottom, gt - gb)  # a full stop's rectangle is its dot: the line's height counts
            # a rectangle set back inside the group's own span (XeTeX's mirrored E) continues it
            if (-height <= left - gr <= height or gl < left < gr) and same_line(
                min(top, gt) - max(bottom, gb), (right - left, top - bottom), (gr - gl, gt - gb)
            ):
                groups[-1] = (first, (min(gl, left), min(gb, bottom), max(gr, right), max(gt, top)))
                continue
        groups.append((k, (left, bottom, right, top)))
    return groups


def _accents_set_down(
    rects: list[tuple[float, float, float, float]],
) -> list[tuple[float, float, float, float]]:
    """``rects`` with each accent's rectangle given its letter's bottom and top: a small
    one (under ``ACCENT`` of the letter's height) standing above the rectangle after it
    (or else before it), within its height, over its middle. PDFium gives a math accent
    drawn over a tall letter (\\vec k, a "~" over the k) a rectangle of its own above the
    line, which started a line of its own ("one around ~" | "k, the other"); both
    reference extractors read "~k", PDFium's text too."""
    if len(rects) < 2:  # most lines: one rectangle, nothing to set down
        return rects
    out = list(rects)
    tallest = ACCENT * max(top - bottom for _, bottom, _, top in rects)
    for k, (left, bottom, right, top) in enumerate(rects):
        if top - bottom >= tallest:  # most: no rectangle beside it is tall enough to stand it over
            continue
        middle = (left + right) / 2
        for j in (k + 1, k - 1):
            if not 0 <= j < len(rects):
                continue
            b_left, b_bottom, b_right, b_top = rects[j]
            height = b_top - b_bottom
            if top - bottom < ACCENT * height and b_left <= middle <= b_right and b_top - 1 <= bottom < b_top + height:
                out[k] = (left, b_bottom, right, b_top)
                break
    return out


def on_page(boxes: list[Box], bbox: tuple[float, float, float, float]) -> list[Box]:
    """The boxes that show on the page (``bbox``: its media box within its crop box, as
    left, bottom, right, top): beamer themes park a frame's points not yet uncovered, and
    some footers, thousands of points off the page, where no viewer shows them. Read,
    they put a later slide's points on an earlier one, and they made a frame's slides the
    same text, so the repeats were read once and the footer seen on too few slides."""
    left, bottom, right, top = bbox
    return [b for b in boxes if b[2] >= left and b[0] <= right and b[3] >= bottom and b[1] <= top]


def pdf_boxes(data: bytes, name: str, budget: Budget | None = None) -> tuple[list[PageBoxes], list[str], str]:
    """(each page's text boxes, page labels, title) with pypdfium2; DocumentError when
    unreadable. With a ``budget``: a page repeating an earlier page's text is empty (and
    counted), and pages past the character budget are not read (empty)."""
    with needed("pypdfium2", "reading PDF files"):
        import pypdfium2 as pdfium

    with PDFIUM_LOCK:
        try:
            pdf = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as exc:
            if "password" in str(exc).lower():
                raise DocumentError(
                    f"{name} is password-protected: save an unprotected copy to read it", reason="encrypted"
                ) from exc
            raise DocumentError(
                f"{name} is not a readable PDF ({exc}): it may be truncated or corrupt", reason="corrupt"
            ) from exc
        try:
            pages: list[PageBoxes] = []
            labels: list[str] = []
            seen: dict[bytes, int] = {}
            ligatures = Ligatures(data)
            count = len(pdf)
            if budget is not None and count > budget.limits.max_pages:
                budget.pages_cut, count = count, budget.limits.max_pages
            for i in range(count):
                labels.append(pdf.get_page_label(i) or str(i + 1))
                if budget is not None and budget.full:
                    budget.stop(f"page {i} of {len(pdf)}")
                    pages.append(PageBoxes(0, 0, []))
                    continue
                page = pdf[i]
                width, height = page.get_size()
                textpage = page.get_textpage()
                bbox = page.get_bbox()
                rotation = page.get_rotation()
                level, slanted = _boxes(textpage, functools.partial(ligatures, page=i), rotation, bbox)
                if _shown(rotation, bbox) is not None:
                    bbox = (0.0, 0.0, width, height)  # get_size() gives the page as shown
                boxes, slanted = on_page(level, bbox), on_page(slanted, bbox)
                textpage.close()
                page.close()
                text = "\n".join(b[4] for b in (*boxes, *slanted))  # slanted text is text: it counts too
                repeated = False
                if budget is not None and text.strip():
                    digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
                    repeated = digest in seen
                    if repeated:  # read once, but its running lines are still compared
                        budget.repeated(f"page {seen[digest]}")
                    else:
                        seen[digest] = i + 1
                        taken = budget.take(text, f"page {i + 1} of {len(pdf)}")
                        if len(taken) < len(text):  # the budget ends on this page: its first part, as drawn
                            boxes, slanted = [(0.0, height / 2, width, height / 2 + 1, taken)], []
                pages.append(PageBoxes(width, height, boxes, repeated, slanted=slanted))
            title = (pdf.get_metadata_dict(skip_empty=True).get("Title") or "").strip()
        except pdfium.PdfiumError as exc:
            raise DocumentError(f"{name} is a damaged PDF ({exc})", reason="corrupt") from exc
        finally:
            pdf.close()
    return pages, labels, title


def read_pdf(data: bytes, name: str, budget: Budget) -> ReadDocument:
    boxes, labels, title = pdf_boxes(data, name, budget)
    texts = page_texts(boxes)  # running lines already gone, judged by their place on the page
    warnings: list[str] = []
    if texts and not any(t.strip() for t in texts):
        texts, notes = _ocr(data, name, len(texts), budget.limits)
        warnings += notes
        texts = strip_running_lines([budget.take(t, f"page {i + 1} of {len(texts)}") for i, t in enumerate(texts)])
    pages = [normalise(t) for t in texts]
    segments = tuple(
        Segment(join_lines(text), "page", i + 1, labels[i]) for i, text in enumerate(pages) if text.strip()
    )
    return ReadDocument(title, segments, tuple(warnings), "application/pdf")


def _ocr(data: bytes, name: str, n_pages: int, limits: ReadLimits = DEFAULT_LIMITS) -> tuple[list[str], list[str]]:
    """Each page's text by OCR, and what the warnings say (how it was read, what was not)."""
    if not ocr_available():
        return [""] * n_pages, [f"{name} has no text layer (a scan?): {OCR_HINT}"]
    with needed("pypdfium2", "reading PDF files"):
        import pypdfium2 as pdfium

    texts: list[str] = []
    notes: list[str] = []
    smaller: list[str] = []
    slow: list[int] = []
    deadline = time.monotonic() + limits.ocr_file_seconds
    with PDFIUM_LOCK:
        pdf = pdfium.PdfDocument(data)
        try:
            for i in range(min(n_pages, OCR_MAX_PAGES)):
                left = deadline - time.monotonic()
                if left <= 0:
                    notes.append(
                        f"{name}: OCR stopped after {limits.ocr_file_seconds:g} s (DEEPREF_OCR_FILE_SECONDS), "
                        f"before page {i + 1} of {n_pages}"
                    )
                    break
                page = pdf[i]
                try:
                    width, height = page.get_size()
                    scale = _scale(width, height, limits.ocr_max_pixels)
                    if scale < OCR_DPI / 72:
                        smaller.append(f"page {i + 1} ({width:.0f} x {height:.0f} pt) at {scale * 72:.0f} dpi")
                    bitmap = page.render(scale=scale, grayscale=True)
                    image = bitmap.to_numpy()
                    bitmap.close()
                finally:
                    page.close()
                try:
                    texts.append(ocr_page(image, dpi=round(scale * 72), timeout=min(limits.ocr_page_seconds, left)))
                except OcrTimeout:
                    texts.append("")
                    slow.append(i + 1)
        finally:
            pdf.close()
    note = f"{name} has no text layer: read with OCR (Tesseract)"
    if n_pages > OCR_MAX_PAGES:
        note += f", its first {OCR_MAX_PAGES} of {n_pages} pages"
    notes.insert(0, note)
    if smaller:
        notes.append(
            f"{name}: pages over {limits.ocr_max_pixels:,} pixels at {OCR_DPI} dpi "
            f"(DEEPREF_OCR_MAX_PIXELS) read at a lower resolution: {', '.join(smaller[:3])}"
            + (f" and {len(smaller) - 3} more" if len(smaller) > 3 else "")
        )
    if slow:
        notes.append(
            f"{name}: OCR of page {', '.join(map(str, slow[:5]))} stopped at "
            f"{limits.ocr_page_seconds:g} s (DEEPREF_OCR_PAGE_SECONDS)"
            + (f" and {len(slow) - 5} more" if len(slow) > 5 else "")
        )
    return texts + [""] * (n_pages - len(texts)), notes


def _scale(width_pt: float, height_pt: float, max_pixels: int) -> float:
    """Pixels per point: 300 dpi, or less so that the page image holds at most ``max_pixels``."""
    full = OCR_DPI / 72
    area = max(width_pt, 1.0) * max(height_pt, 1.0)
    return min(full, math.sqrt(max_pixels / area))
