"""A PDF page's text boxes in reading order, without running headers, footers and
margin stamps. Pure logic on boxes (no PDF library), so it is tested on numbers.

PDFium gives a page's text as line segments with their rectangles, in the order the
file draws them. A three-column booklet drawn line by line across the columns then
reads "…It The offices generally are located in the may help you…". Here lines are
grouped into columns at the vertical gutters that most lines leave free, and a line
that crosses a gutter (a title, a full-width abstract) cuts the page into bands read
top to bottom, each band column by column (an XY cut).

Running lines are judged by position and similarity: a line at a page's top or bottom
edge, set apart from the body, that resembles an edge line on at least two nearby pages
once numbers are masked ("47706 Federal Register / Vol. 85, No. 152" and its next page
"Federal Register / Vol. 85, No. 152 … 47707" share their words). A lone page number at
an edge and vertical text in a side margin go too. A body line is never an edge line
set apart from the body, so one that resembles the header stays. On slides, the
template's text (a sidebar of sections, a logo's words) goes: the same text at the same
place on half of the slides."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

NEARBY_PAGES = 4  # an edge line is compared with the edge lines this many pages either side
MIN_ALIKE_PAGES = 2  # ... and is running when it resembles one on this many of them
SHORT_PAGES = 5  # in a document of this many pages or fewer, one page will do for a line in the outer band
ALIKE = 0.6  # word-set overlap (Jaccard) for two edge lines to count as alike
EDGE_BAND = 0.06  # the outer fraction of the page height where a line is at the edge anyway
SHORT_BAND = 0.08  # ... and, in a short document of portrait pages, where one other page will do
HEAD_BAND = 0.08  # a head (foot) of rows begun in the outer band, set apart from the body, lies within this
GUTTER = 6.0  # points: a gutter between columns is at least this wide
GUTTER_HEIGHTS = 0.85  # ... or this many of the page's median line height, where that is less
NOTE_GAP = 4.0  # points between a margin note and the text's edge
STACKED = 0.75  # a row this much of the line pitch from an outer row is on the edge too
EDGE_DEPTH = 3  # lines looked at on each end of a page
SLIDE_ASPECT = 1.2  # a page this much wider than tall is a slide
PLACE = 2.0  # points: a slide template's line is at the same place within this
LINE_NUMBERS = 5  # numbers alone in a margin, counting up, that make a page's line numbers
LINE_NUMBER_RUNS = 3  # ... in at most this many runs (a listing's own numbers, a counter reset)
LINE_NUMBER_STEP = 10  # ... each number at most this much above the one before it in its run
LISTING_RUN = 2  # an edge line numbered n over lines numbered n+1, n+2 (or under n-1, n-2) is a listing's
BASELINE = 0.1  # pieces of a line whose tops differ by less than this much of its height share a baseline
BASELINE_GAP = 1.5  # ... and stand a stretched space apart: more than its height (cut there), at most this many
SUB_SIDE = 2  # a gutter inside one column has at least this many lines on each side
SUB_LINES = 5  # ... and this many in all: it runs clear through several lines
SUB_CHARS = 8  # ... or with most of its lines shorter than this, a formula's pieces
SUB_SHARED = 0.5  # a side with this share of its lines on rows with the other side's is a table's
TITLE = 1.2  # a slide's line this much taller than the deck's median line is a title
MIN_TEMPLATE_SLIDES = 5  # ... on at least this many slides: a frame built up over overlays repeats on fewer
_LINE_NUMBER = re.compile(r"\s*(?P<n>\d{1,5}|[ivxlc]{1,9})\s*$")  # lineno counts in roman too
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_LEADING_NUMBER = re.compile(r"\s*(?P<n>\d{1,5})\s+\S")
_TRAILING_NUMBER = re.compile(r".*\S\s+(?P<n>\d{1,5})\s*$")
# punctuation that follows its word without a space; not a dot before a letter, which
# begins a word (a file's extension set apart in typewriter type: "to the .aux file")
_CLOSING = re.compile(r"[,;:!?)\]]|\.(?![^\W\d_])")
_MARK = re.compile(r"[\d*†‡§¶]{1,3}")  # a footnote's mark, raised after its word ("CTAN,¹")
_SENTENCE_END = re.compile(r"[a-zà-ÿ][.!?]\W*$")  # a stop after a lower-case letter
_SPEAKER = re.compile(r"[^\W\d_]{1,4}:")  # an interview's speaker label hung before its line ("KT:")
Box = tuple[float, float, float, float, str]  # a text box: left, bottom, right, top (points), text
_DIGITS = re.compile(r"\d+")
_NUMBERS = re.compile(r"\d+|\b[ivxlcdm]+\b", re.I)
_WORD = re.compile(r"[^\W_]+|#")
_PAGE_NUMBER = re.compile(r"^[\W_]*(?:page|p\.|seite|pag\.?)?[\W_]*#(?:[\W_]*(?:of|/|de|von)[\W_]*#)?[\W_]*$")


@dataclass
class Line:
    """A line of text and its box in PDF points (y grows upwards)."""

    left: float
    bottom: float
    right: float
    top: float
    text: str
    vertical: bool = False  # upright or slanted: out of the columns, read after the page's lines
    key: frozenset[str] = field(default_factory=frozenset)
    alone: bool = True  # an edge line with no other line on its baseline

    @property
    def height(self) -> float:
        return self.top - self.bottom


@dataclass
class PageBoxes:
    """A page's size and its text boxes as (left, bottom, right, top, text). A page that
    repeats an earlier page's text (a frame's slide showing nothing new) gives no text but
    counts when running lines are compared across pages. ``slanted``: its text set at a
    slant (a diagonal watermark), kept out of its columns and read after its lines."""

    width: float
    height: float
    boxes: Sequence[Box]
    repeated: bool = False
    slanted: Sequence[Box] = ()
    lines: list[Line] = field(default_factory=list)
    edges: list[Line] = field(default_factory=list)
    frame: int = 0  # the slides that show one frame built up over overlays share this


def lines_of(boxes: Sequence[Box]) -> list[Line]:
    """Boxes (in the file's order) merged into lines: a box on the previous box's baseline
    that touches it (a font change splits a line into boxes) continues its line; a gap
    wider than the text is tall separates columns."""
    lines: list[Line] = []
    last: Line | None = None
    for left, bottom, right, top, text in boxes:
        if not text or text.isspace():
            continue
        height = top - bottom
        if height > 2 * (right - left) and len(text.strip()) > 3:
            lines.append(Line(left, bottom, right, top, text, vertical=True))
            continue
        if last is not None:
            gap = left - last.right
            tall = max(height, last.height)  # a full stop's box is its dot: the line's height counts
            # the gap first: most boxes start a line back at the left, far before the last one's end
            if -tall <= gap <= tall and same_line(
                min(top, last.top) - max(bottom, last.bottom),
                (right - left, height),
                (last.right - last.left, last.height),
            ):
                # a footnote's mark raised after its word, a box of its own where PDFium set it
                # on a line of its own, is measured by its own size: the gap between two ink
                # boxes is the glyphs' side bearings ("CTAN, 1" against the extractors' "CTAN,1")
                mark = _MARK.fullmatch(text) is not None and height < 0.6 * last.height and bottom > last.bottom
                room = 0.5 * height if mark else 0.15 * tall
                spaced = gap > room and not last.text.endswith(" ") and not _CLOSING.match(text)
                last.text += (" " if spaced else "") + text
                last.right, last.top, last.bottom = max(last.right, right), max(last.top, top), min(last.bottom, bottom)
                continue
        last = Line(left, bottom, right, top, text)
        lines.append(last)
    return lines


def same_line(overlap: float, a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two boxes side by side, of (width, height) ``a`` and ``b``, that overlap
    vertically by ``overlap`` are on one line: by half the shorter one's height, or at
    all when the shorter is a mark much smaller than the other box (a comma's box is its
    glyph, mostly below a word's baseline; a footnote's mark sits above)."""
    (width, short), tall = (a, b[1]) if a[1] <= b[1] else (b, a[1])  # min(a, b) by height, as ties go
    return overlap >= 0.5 * short or (overlap > 0 and short < 0.6 * tall and width < tall)


def _edge_lines(lines: list[Line], height: float) -> list[Line]:
    """The lines at a page's top and bottom that are set apart from the body: in the outer
    band of the page, or followed (preceded) by a gap wider than the page's line pitch
    (or four times the line's height, on a page of few lines).
    Lines on one baseline (a footer and the page number beside it) go together."""
    flat = sorted((ln for ln in lines if not ln.vertical), key=lambda ln: -ln.top)
    rows: list[list[Line]] = []
    for line in flat:
        if rows and rows[-1][0].top - line.top < 0.5 * line.height:
            rows[-1].append(line)
        else:
            rows.append([line])
    if len(rows) < 2:
        return []
    pitches = sorted(a[0].top - b[0].top for a, b in itertools.pairwise(rows))
    pitch = pitches[len(pitches) // 4]  # the line spacing, not a gap between blocks
    edges: list[Line] = []
    for order in (rows, rows[::-1]):
        head = order[:EDGE_DEPTH]
        gaps = [abs(a[0].top - b[0].top) for a, b in itertools.pairwise(order[: EDGE_DEPTH + 1])]
        gaps += [0.0] * (len(head) - len(gaps))  # a page's last row has no gap after it
        apart = [gap > 1.6 * pitch or gap > 4 * row[0].height for gap, row in zip(gaps, head, strict=True)]
        # a block of rows that begins in the outer band, ends set apart from the body and lies
        # within HEAD_BAND is the page's head (foot) whole: tlc-article's three small rows at a
        # 7 pt pitch over a page of code at the same pitch, which `stacked` cannot tell from
        # the body; a slide's frame title under its navigation stands further in
        block = apart.index(True) if True in apart else -1
        if not all(_outer(ln, height) for ln in order[0]) or not all(
            _outer(ln, height, HEAD_BAND) for row in head[: block + 1] for ln in row
        ):
            block = -1
        was_outer = False
        for i, row in enumerate(head):
            outer = all(_outer(ln, height) for ln in row)
            # a row stacked on an outer row, closer than the body's lines (a slide's second
            # row of navigation, just inside the band: beamerPENNstyle)
            stacked = was_outer and abs(order[i - 1][0].top - row[0].top) < STACKED * pitch
            # ... or one reaching into the band over (under) an outer row: TUGboat's first
            # page sets its author's footer over a DOI, beside a note whose lines
            # interleave with both (tb133chernoff-widows)
            stacked = stacked or (was_outer and len(row) == 1 and _in_band(row[0], height))
            if not (outer or stacked or apart[i] or i <= block):
                break
            was_outer = outer
            for ln in row:
                ln.alone = len(row) == 1
            edges += [ln for ln in row if ln not in edges]
    return edges


def _number(line: Line) -> int | None:
    """The number a line begins with (or is), arabic."""
    found = None if line.vertical else _LINE_NUMBER.match(line.text) or _LEADING_NUMBER.match(line.text)
    return int(found.group("n")) if found and found.group("n").isdigit() else None


def _not_listing(edges: list[Line], lines: list[Line]) -> list[Line]:
    """``edges`` less a source listing's numbered lines: a line whose leading number the
    next LISTING_RUN lines down (or up) its left edge continue one by one. At a page's
    top a listing's empty line ("95") is no page number, nor its "227 \\newpage"
    running for being alike on nearby tops: the numbers counting on beneath say so. A
    page number over a section's numbered heading ("2" over "3 PREPARING …") has text
    unnumbered under that."""
    firsts = [(ln, n) for ln in edges if (n := _number(ln)) is not None]
    if not firsts:
        return edges
    flat = sorted((ln for ln in lines if not ln.vertical), key=lambda ln: -ln.top)
    listing: set[int] = set()
    for line, n in firsts:
        # the lines down (up) whose left edges stand within a line's height of this
        # one's (right-aligned numbers start a digit or two apart), nearest first
        column = [o for o in flat if abs(o.left - line.left) <= max(line.height, o.height)]
        down = [_number(o) for o in column if o.top < line.top][:LISTING_RUN]
        up = [_number(o) for o in column if o.top > line.top][::-1][:LISTING_RUN]
        if down == [n + j for j in range(1, LISTING_RUN + 1)] or up == [n - j for j in range(1, LISTING_RUN + 1)]:
            listing.add(id(line))
    return [ln for ln in edges if id(ln) not in listing]


def _outer(line: Line, height: float, band: float = EDGE_BAND) -> bool:
    return line.bottom > (1 - band) * height or line.top < band * height


def _in_band(line: Line, height: float) -> bool:
    """Whether some of ``line`` lies in the page's outer band."""
    return line.top > (1 - EDGE_BAND) * height or line.bottom < EDGE_BAND * height


def _key(text: str) -> frozenset[str]:
    return frozenset(_WORD.findall(_NUMBERS.sub("#", text.lower())))


def _words(key: frozenset[str]) -> int:
    """Words of two letters or more: a table cell ("35 x23 #") has none or one."""
    return sum(len(w) > 1 and w != "#" for w in key)


def _alike(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a and b) and len(a & b) >= ALIKE * len(a | b)


def mark_running(pages: list[PageBoxes]) -> list[set[int]]:
    """For each page, the ids of its lines that are running headers, footers or margin
    text (``id(line)`` of ``page.lines``)."""
    for page in pages:
        page.lines = lines_of(without_line_numbers(page.boxes))
        page.lines += [Line(*box, vertical=True) for box in page.slanted if box[4].strip()]
        page.edges = _not_listing(_edge_lines(page.lines, page.height), page.lines)
        for line in page.edges:
            line.key = _key(line.text)
    slides = _landscape(pages)  # worked out once: titles, frames and the template use it
    for page, frame in zip(pages, _frames(pages, slides), strict=True):
        page.frame = frame
    titles = _titles(pages, slides)
    running: list[set[int]] = []
    for i, page in enumerate(pages):
        gone = {
            id(ln) for ln in page.lines if ln.vertical and (ln.right < 0.12 * page.width or ln.left > 0.88 * page.width)
        }
        nearby = [pages[j] for j in range(max(0, i - NEARBY_PAGES), min(len(pages), i + NEARBY_PAGES + 1)) if j != i]
        few, short = len(pages) <= MIN_ALIKE_PAGES, len(pages) <= SHORT_PAGES
        gone |= {id(ln) for ln in page.edges if id(ln) not in titles[i] and _is_running(ln, page, nearby, few, short)}
        running.append(gone)
    for gone, template in zip(running, _slide_frames(pages, slides), strict=True):
        gone |= template
    _trim_running_parts(pages, running)
    return running


def _trim_running_parts(pages: list[PageBoxes], running: list[set[int]]) -> None:
    """An edge line that begins or ends with a running line of the other pages, numbers
    aside, loses that part: a journal's first page sets its running footer at the head,
    on one line with the preprint date ("MNRAS 000, 1–10 (2020) Preprint 27 June 2020
    Compiled using MNRAS LATEX style file v3.0"). Only a line in the outer band, where
    running lines stand: one further in is body text that may begin with a running line's
    words (a slide's title with its headline's section name, "Rising seas: Asia"; a page's
    last line with the document's name)."""
    seen: Counter[str] = Counter()
    for page, gone in zip(pages, running, strict=True):
        seen.update(
            {
                _DIGITS.sub("#", " ".join(ln.text.split()))
                for ln in page.lines
                if id(ln) in gone and sum(c.isalpha() for c in ln.text) >= 4
            }
        )
    parts = [
        re.compile(r"\d+".join(map(re.escape, text.split("#"))))
        for text, count in seen.items()
        if count > MIN_ALIKE_PAGES
    ]
    for page, gone in zip(pages, running, strict=True):
        for line in page.edges:
            if id(line) in gone or not _in_band(line, page.height):
                continue
            text = " ".join(line.text.split())
            for part in parts:
                if (found := part.match(text)) and found.end() < len(text):
                    line.text = text[found.end() :].strip()
                    break
                if (found := part.search(text)) and found.start() > 0 and found.end() == len(text):
                    line.text = text[: found.start()].strip()
                    break


def _titles(pages: list[PageBoxes], slides: list[int]) -> list[set[int]]:
    """In a deck (``slides``: its slides' indices), each slide's lines set larger than most
    of the deck's text: frame titles, which the frames of one section may share ("The
    sidebar option" on nine slides); a deck's running lines are set smaller than its text."""
    heights = sorted(ln.height for i in slides for ln in pages[i].lines if not ln.vertical)
    if not heights:
        return [set() for _ in pages]
    usual = heights[len(heights) // 2]
    deck = set(slides)
    return [{id(ln) for ln in page.lines if i in deck and ln.height > TITLE * usual} for i, page in enumerate(pages)]


def _landscape(pages: list[PageBoxes]) -> list[int]:
    """The slides of a deck (landscape pages, five or more and half of its pages); none
    in a document of other pages."""
    landscape = [i for i, p in enumerate(pages) if p.width > SLIDE_ASPECT * p.height]
    return landscape if len(landscape) >= max(MIN_TEMPLATE_SLIDES, len(pages) // 2) else []


def _place(line: Line) -> tuple[str, int, int]:
    return " ".join(line.text.split()), round(line.left / PLACE), round(line.top / PLACE)


def _frames(pages: list[PageBoxes], landscape: list[int]) -> list[int]:
    """Each page's frame: in a deck, a slide whose lines all lie at the same places on the
    slide after it (or the other way round), an overlay built up or a slide repeated, is
    of that slide's frame; every other page is a frame of its own."""
    frames = list(range(len(pages)))
    slides = set(landscape)
    places = {k: {_place(ln) for ln in pages[k].lines} for k in slides}  # each slide's once, not once a neighbour
    for i in range(1, len(pages)):
        if i in slides and i - 1 in slides:
            a, b = places[i - 1], places[i]
            if a and b and (a <= b or b <= a):
                frames[i] = frames[i - 1]
    return frames


def _slide_frames(pages: list[PageBoxes], landscape: list[int]) -> list[set[int]]:
    """On slides (landscape pages), the lines of the slide's template: at the same place
    on at least half of the slides (five or more), the same text wherever it is (a
    sidebar listing the sections, a logo's words), or in the outer band a text that
    counts, numbers aside alike and each slide's its own (a header with the slide's
    number: xesearch's "XESearch user guide • 4", set as large as its text, was taken for
    a title, which `_is_running` never judges; a page number alone is left to it). Body
    text that builds up over a few slides (overlays) repeats on fewer; a frame's title or
    points that count ("Frame 5") stand further in."""
    out: list[set[int]] = [set() for _ in pages]
    seen: dict[tuple[str, int, int], dict[str, list[tuple[int, Line]]]] = {}
    for i in landscape:
        for ln in pages[i].lines:
            text, left, top = _place(ln)
            masked = _DIGITS.sub("#", text)
            key = text if _PAGE_NUMBER.match(masked.lower()) else masked
            seen.setdefault((key, left, top), {}).setdefault(text, []).append((i, ln))
    need = max(MIN_TEMPLATE_SLIDES, len(landscape) / 2)
    for texts in seen.values():
        slides = [{i for i, _ in where} for where in texts.values()]
        counts = (
            all(len(on) == 1 for on in slides)
            and len(set().union(*slides)) == len(slides) >= need
            and all(_outer(ln, pages[i].height) for where in texts.values() for i, ln in where)
        )
        for where, on in zip(texts.values(), slides, strict=True):
            if counts or len(on) >= need:
                for i, ln in where:
                    out[i].add(id(ln))
    return out


def _is_running(line: Line, page: PageBoxes, nearby: list[PageBoxes], few: bool, short: bool = False) -> bool:
    """An edge line is running when it is a page number, or resembles an edge line in
    the same half of at least MIN_ALIKE_PAGES nearby pages; in a document of too few pages
    to compare, when it lies in the page's outer band, set apart from the text beside it;
    in a ``short`` one (SHORT_PAGES), a line in the outer band alike on one other page's
    outer band is running too (on portrait pages, the band is SHORT_BAND). Below the
    outer band, the slides of one frame count as one page, and the line's own frame not
    at all: a frame's title over its overlays is not running, a logo over three frames
    is."""
    if _PAGE_NUMBER.match(_NUMBERS.sub("#", " ".join(line.text.lower().split()))):
        # a page number stands alone on its line or by the page's edge; a number among
        # others on one baseline is a table's cell
        return line.alone or line.bottom < EDGE_BAND * page.height or line.top > (1 - EDGE_BAND) * page.height
    if few:  # text that runs on to the edge of a reference card's page is body text
        if not (_outer(line, page.height) and _apart(line, page.lines, upper=line.top > page.height / 2)):
            return False
        # a sentence at the foot of one page of two (a newsletter's colophon) is body text
        # unless the other page repeats it: a footer is seldom a sentence of its own
        sentence = len(line.text.split()) >= 5 and _SENTENCE_END.search(line.text) is not None
        return not sentence or any(_alike(line.key, o.key) for other in nearby for o in other.edges)
    if _words(line.key) < 2 and sum(c.isalpha() for c in line.text) < 8 and not _outer(line, page.height):
        # a table's cells repeat from page to page too; a one-word header sits in the
        # margin; authors' initials ("A. U. Thor, B. U. Thor") are letters enough
        return False
    upper = line.top > page.height / 2
    by_frame = not _outer(line, page.height)
    # a short deck's footer stands on too few slides to compare (two of four: the title
    # and closing slides have none): in the outer band on another page's outer band, it
    # runs; a title slide's text lies inside the band
    need = 1 if short and not by_frame else MIN_ALIKE_PAGES
    # a short newsletter of portrait pages alternates its heads (its name, then an issue's
    # title), each on one other page, a little further in than the outer band: within
    # SHORT_BAND and alike on one other page within it, a line runs too (newsletr's
    # sample); a heading and a paper's alternate heads stand further in
    near = short and by_frame and page.width <= SLIDE_ASPECT * page.height and _outer(line, page.height, SHORT_BAND)
    alike: set[int] = set()
    for j, other in enumerate(nearby):
        if by_frame and (other.frame == page.frame or other.frame in alike):
            continue
        found = [
            o
            for o in other.edges
            if (o.top > other.height / 2) == upper
            and _alike(line.key, o.key)
            and (need == MIN_ALIKE_PAGES or _outer(o, other.height))
        ]
        if near and any(_outer(o, other.height, SHORT_BAND) for o in found):
            return True
        if found:
            alike.add(other.frame if by_frame else -1 - j)
            if len(alike) >= need:
                return True
    return False


def _apart(line: Line, lines: list[Line], upper: bool) -> bool:
    """Whether the nearest line inwards that shares some of ``line``'s width (its own
    column's, on a page of columns whose baselines differ) is more than a line's height
    away."""
    gaps = [
        (line.bottom - o.top) if upper else (o.bottom - line.top)
        for o in lines
        if o is not line
        and not o.vertical
        and o.left < line.right
        and o.right > line.left
        and ((o.top < line.top) if upper else (o.top > line.top))
    ]
    return not gaps or min(gaps) > line.height


def _free_runs(lines: list[Line]) -> list[tuple[float, float]]:
    """The x ranges (points) that few lines cross, far fewer than the text on both sides
    (a title or a full-width abstract crosses; a short last column on a last page is
    still a column), at least ``GUTTER`` points wide (less in small type) and inside the
    text's width."""
    lefts, rights = [int(ln.left) for ln in lines], [int(ln.right) for ln in lines]
    x0 = min(lefts)
    span = max(rights) + 1 - x0
    if span < 100:
        return []
    # the cover of each point, its peaks either side and its free runs as arrays: a list
    # a point, then its runs, took a twentieth of a column page's reading (numpy: a third
    # of that); an end past the page's last point wraps round as a list's index does
    size = span + 2
    ends = np.bincount((np.array(lefts) - x0) % size, minlength=size)
    ends -= np.bincount((np.array(rights) - x0 + 1) % size, minlength=size)
    cover = np.cumsum(ends)
    left_peak = np.maximum.accumulate(cover)
    right_peak = np.maximum.accumulate(cover[::-1])[::-1]
    allowed = max(1, int(0.15 * len(lines)))
    heights = sorted(ln.height for ln in lines)
    # a page set in small type (newspaper's sample page, scaled to a third: lines 4.4
    # points tall, gutters 4.5 points wide) has gutters as narrow in proportion
    wide = min(GUTTER, GUTTER_HEIGHTS * heights[len(heights) // 2])
    cover, peak = cover[: span + 1], np.minimum(left_peak[: span + 1], right_peak[: span + 1])
    free = (cover <= allowed) & (cover <= 0.34 * peak)
    bounds = np.flatnonzero(np.diff(free, prepend=False, append=False)).tolist()  # each free run's start and end
    runs: list[tuple[float, float]] = []
    for start, x in zip(bounds[::2], bounds[1::2], strict=True):
        # a run that reaches the end is not closed, so not a gutter
        if x <= span and x - start >= wide and 0.1 * span < start and x < 0.9 * span:
            runs.append((start + x0, x + x0))
    return runs


def _gutters(lines: list[Line]) -> list[tuple[float, float]]:
    """The free strips between columns of prose, left to right; none on a single-column
    page or in a table (short cells). A strip of labels (lines of three words or fewer)
    between a column of prose and a gutter is a column of its own: a change log's
    versions ("V0.9a"), one beside each entry on the right page of a sheet set two pages
    a sheet, outnumbered that page's lines, so the wide gap between the pages was no
    gutter and the labels were read into the left page's sentences."""
    if len(lines) < 8:
        return []
    runs = _free_runs(lines)
    prose: list[tuple[bool, bool]] = []  # whether the text left (right) of each run is prose
    for left, right in runs:
        middle = (left + right) / 2
        lefts = [ln for ln in lines if ln.right <= middle]
        rights = [ln for ln in lines if ln.left >= middle]
        # three lines are enough: a last page's last column may be short
        prose.append((len(lefts) >= 3 and _wordy(lefts), len(rights) >= 3 and _wordy(rights)))
    ok = [a and b for a, b in prose]
    for k in range(len(runs)):
        for other in (k - 1, k + 1):
            if ok[k] or not 0 <= other < len(runs) or not ok[other] or not prose[k][other < k]:
                continue
            lo, hi = sorted(((runs[k][0] + runs[k][1]) / 2, (runs[other][0] + runs[other][1]) / 2))
            strip = [ln for ln in lines if ln.left >= lo and ln.right <= hi]
            ok[k] = bool(strip) and all(len(ln.text.split()) <= 3 for ln in strip)
    return [run for run, good in zip(runs, ok, strict=True) if good]


def _wordy(lines: list[Line]) -> bool:
    """Lines of prose, not the cells of a table: most hold several words."""
    words = sorted(len(ln.text.split()) for ln in lines)
    return words[len(words) // 2] >= 4


def _margin_notes(lines: list[Line]) -> list[Line]:
    """Lines of three words or fewer wholly left or right of a one-column page's text (of
    all its lines of four words or more): a manual's notes in the margin naming the macro
    a paragraph explains ("\\author", "affiliation"), drawn between its lines and read into
    its sentences."""
    wordy = [ln for ln in lines if len(ln.text.split()) >= 4]
    if len(wordy) < LINE_NUMBERS:
        return []
    left, right = min(ln.left for ln in wordy), max(ln.right for ln in wordy)
    notes = [
        ln for ln in lines if len(ln.text.split()) <= 3 and (ln.right < left - NOTE_GAP or ln.left > right + NOTE_GAP)
    ]
    return notes if len(notes) <= 0.2 * len(lines) else []


def reading_order(lines: list[Line]) -> list[Line]:
    """The body lines in reading order: column by column within each band between the
    lines that cross a gutter; a single-column page keeps its top-to-bottom order, its
    notes in the margins after it."""
    flat = [ln for ln in lines if not ln.vertical]
    gutters = _gutters(flat)
    if not gutters:
        notes = _margin_notes(flat)
        if not notes:
            return lines
        texts = {ln.text for ln in notes}  # a line equal to a note goes too; comparing only those is quicker
        return [ln for ln in lines if ln.text not in texts or ln not in notes] + notes
    bounds = [g[0] for g in gutters]
    columns = {id(ln): sum(ln.left >= b for b in bounds) for ln in flat}
    crossing = {id(ln) for ln in flat if any(ln.left < g[0] and ln.right > g[1] for g in gutters)}
    cuts = {id(ln) for ln in flat if id(ln) in crossing and not _beside(ln, gutters, flat, columns, crossing)}
    segments: list[list[Line]] = []  # top to bottom: a line that cuts the page alone, or a band's lines
    for line in sorted(flat, key=lambda ln: -ln.top):
        if id(line) in cuts or not segments or id(segments[-1][0]) in cuts:
            segments.append([line])
        else:
            segments[-1].append(line)
    # a band whose lines all stand beside a cut line next to it: a footer and a DOI beside a
    # note across the gutter, their lines interleaved (tb133chernoff-widows' first page)
    aside = [
        id(seg[0]) not in cuts
        and all(any(_side_by_side(ln, o[0]) for o in (segments[i - 1 : i] + segments[i + 1 : i + 2])) for ln in seg)
        for i, seg in enumerate(segments)
    ]
    ordered: list[Line] = []
    k = 0
    while k < len(segments):
        if id(segments[k][0]) not in cuts and not aside[k]:
            ordered.extend(_band(segments[k], columns))
            k += 1
            continue
        end = k + 1
        while end < len(segments) and (id(segments[end][0]) in cuts or aside[end]):
            end += 1
        chain = segments[k:end]
        if any(aside[k:end]) and end < len(segments) and id(chain[-1][0]) in cuts:
            # the block's lines beside the last cut line, sorted under it by a hair (an
            # author's last line beside the abstract's last full line), are the block's too
            lead = _beside_first(segments[end], chain[-1][0])
            chain, segments[end] = [*chain, segments[end][:lead]], segments[end][lead:]
        runs = _sub_columns([ln for seg in chain for ln in seg], side=1, total=4) if any(aside[k:end]) else []
        if len(runs) > 1:
            ordered.extend(ln for run in runs for ln in run)
        else:
            for seg in chain:
                ordered.extend(seg if seg and id(seg[0]) in cuts else _band(seg, columns))
        k = end
    return ordered + [ln for ln in lines if ln.vertical]


def _beside_first(band: list[Line], line: Line) -> int:
    """How many of a band's first lines stand beside ``line``, all but its last one."""
    lead = 0
    while lead < len(band) - 1 and _side_by_side(band[lead], line):
        lead += 1
    return lead


def _band(band: list[Line], columns: dict[int, int]) -> list[Line]:
    """A band's lines (top to bottom) column by column, each column's sub-columns
    (:func:`_sub_columns`) one after the other."""
    keyed: list[tuple[tuple[int, int], Line]] = []
    for column, group in itertools.groupby(
        sorted(band, key=lambda ln: columns[id(ln)]), key=lambda ln: columns[id(ln)]
    ):
        for k, run in enumerate(_sub_columns(list(group))):
            keyed += [((column, k), ln) for ln in run]
    return _by_baseline(keyed)


def _side_by_side(a: Line, b: Line) -> bool:
    """Whether two lines overlap in height and not in width."""
    return min(a.top, b.top) > max(a.bottom, b.bottom) and (a.right < b.left or b.right < a.left)


def _sub_columns(lines: list[Line], side: int = SUB_SIDE, total: int = SUB_LINES) -> list[list[Line]]:
    """``lines`` (top to bottom, of one column) as runs read one after the other, each
    top to bottom: a block of lines cut by a vertical gap that the page's gutters do
    not cut (a figure's two panels side by side, a colophon beside its thanks) is read
    left side, then right side; read by top, the two sides' sentences interleaved. The
    gap is as wide as a line is tall at least and runs clear through ``total`` lines, at
    least ``side`` on each side, few of which stand on a row across it (a table's cells,
    a justified line's pieces, a listing's line numbers: read row by row as before)
    unless the rows would cut a paragraph's sentences (:func:`_in_prose`), and most of
    them text, not a formula's pieces."""
    runs: list[list[Line]] = []
    done = 0  # lines[:done] are in runs
    k = 0
    while k < len(lines):
        block = _block_at(lines, k, done)
        if block is None:
            k += 1
            continue
        start, end, left, right = block
        if (
            len(left) < side
            or len(right) < side
            or end - start < total
            or _short(left)
            or _short(right)
            or _table(left, right)
        ):
            k = max(k + 1, end)  # its lines seed no other block: a long table is looked at once
            continue
        if start > done:
            runs.append(lines[done:start])
        runs += _sub_columns(left, side, total) + _sub_columns(right, side, total)
        done = k = end
    if done < len(lines):
        runs.append(lines[done:])
    return runs


def _block_at(lines: list[Line], k: int, done: int) -> tuple[int, int, list[Line], list[Line]] | None:
    """The block around ``lines[k]`` and a line beside it below, a line's height apart
    or more (start, end, left side, right side), grown up (not past ``done``) and down
    while each line lies wholly on one side of the gap between them; None when no line
    stands so beside it."""
    seed = lines[k]
    for j in range(k + 1, len(lines)):
        other = lines[j]
        if other.top <= seed.bottom:
            return None
        if _side_by_side(seed, other):
            break
    else:
        return None
    a, b = (seed, other) if seed.right < other.left else (other, seed)
    wide = max(GUTTER, a.height, b.height)
    if b.left - a.right < wide:
        return None
    gap = [a.right, b.left]

    def fits(line: Line) -> bool:
        if line.right <= gap[1] - wide:
            gap[0] = max(gap[0], line.right)
            return True
        if line.left >= gap[0] + wide:
            gap[1] = min(gap[1], line.left)
            return True
        return False

    end = k
    while end < len(lines) and fits(lines[end]):
        end += 1
    start = k
    while start > done and fits(lines[start - 1]):
        start -= 1
    block = lines[start:end]
    return start, end, [ln for ln in block if ln.right <= gap[0]], [ln for ln in block if ln.left >= gap[1]]


def _rows(these: list[Line], those: list[Line]) -> bool:
    """Whether ``SUB_SHARED`` of ``these`` lines stand on a row with one of ``those``:
    their middles within a quarter of the smaller one's height (a listing's line numbers,
    set smaller, stand a point or two off their lines' baselines, centred on them)."""
    shared = sum(any(_on_row(a, b) for b in those) for a in these)
    return shared >= SUB_SHARED * len(these)


def _on_row(a: Line, b: Line) -> bool:
    return abs(a.top + a.bottom - b.top - b.bottom) <= 0.5 * min(a.height, b.height)


def _table(left: list[Line], right: list[Line]) -> bool:
    """Whether a block's two sides are a table's columns, read row by row."""
    return (_rows(left, right) or _rows(right, left)) and not (_in_prose(left, right) or _in_prose(right, left))


def _in_prose(these: list[Line], those: list[Line]) -> bool:
    """Whether a line of ``these`` stands on a row with a line of ``those`` that goes on
    with a sentence of the line above it (a line of four words or more that ends no
    sentence, then one in lower case): a block beside a paragraph (a first page's authors
    or keywords beside its abstract), whose rows read across would cut the paragraph's
    sentences. A table's row begins its cells, wherever they wrap."""
    for above, line in itertools.pairwise(those):
        if (
            line.text.lstrip()[:1].islower()
            and not above.text.rstrip().endswith((".", "!", "?", ":", ";"))
            and len(above.text.split()) >= 4
            and above.bottom - line.top < line.height
            and any(_on_row(a, line) for a in these)
        ):
            return True
    return False


def _short(lines: list[Line]) -> bool:
    """Whether most of ``lines`` are shorter than ``SUB_CHARS`` characters: a formula's
    pieces (a fraction beside its name, indices beside an arrow), not text."""
    sizes = sorted(len(ln.text.strip()) for ln in lines)
    return sizes[len(sizes) // 2] < SUB_CHARS


def _by_baseline(band: list[tuple[tuple[int, int], Line]]) -> list[Line]:
    """A band's lines (column, line), in order by column and top, with the pieces of one
    baseline in a column read left to right: a line cut at a justified space wider than
    its text is tall, whose right half stands a hair higher (a math-italic letter 0.5 pt,
    a run-in heading's box), was read right half first."""
    starts = Counter(round(ln.left) for _, ln in band)
    out: list[Line] = []
    run: list[Line] = []
    column, low = (-1, 0), 0.0  # the run's column and its lowest line's height (kept as it grows: one pass)
    for col, line in band:
        if run and (col != column or run[0].top - line.top > BASELINE * min(low, line.height)):
            out.extend(_one_line(run, starts))
            run = []
        low = min(low, line.height) if run else line.height
        run.append(line)
        column = col
    out.extend(_one_line(run, starts))
    return out


def _one_line(run: list[Line], starts: Counter[int]) -> list[Line]:
    """Pieces of one baseline left to right when each stands a stretched space from the
    one before (more than its height, where ``lines_of`` cut it, and at most
    BASELINE_GAP heights) and begins where no other line of the band does: lines of two
    columns the gutters missed (a newspaper's narrow ones) keep their order by top. A
    speaker's label in capitals ("KT:", "Q:"), hung before its line in another font
    whose top stands a hair lower, is read before it however wide the space after it
    (newsletr's interview read "[beside] the KT: translations")."""
    if len(run) < 2:
        return run
    pieces = sorted(run, key=lambda ln: ln.left)
    label = pieces[0].text.strip()
    if len(pieces) == 2 and _SPEAKER.fullmatch(label) and label.isupper() and pieces[0].right < pieces[1].left:
        return pieces
    tall = max(ln.height for ln in run)
    if all(
        tall < b.left - a.right <= BASELINE_GAP * tall and starts[round(b.left)] < 2
        for a, b in itertools.pairwise(pieces)
    ):
        return pieces
    return run


def _beside(
    line: Line,
    gutters: list[tuple[float, float]],
    flat: list[Line],
    columns: dict[int, int],
    crossing: set[int],
) -> bool:
    """Whether a line that crosses a gutter (``crossing``: the ids of those that do) has
    another column's line beside it: a frame or boxed table over some of the columns
    while the others run on (flowfram's frame of commands under two of four columns, ltnews35's contents
    entries across the gutter before their page numbers). Such a line is read in its
    first column instead of cutting the page into bands, which split the sentences of the
    columns beside it."""
    first, last = columns[id(line)], sum(line.right > g[1] for g in gutters)
    if first == 0 and last == len(gutters):  # it spans the page's columns: a title, a full-width abstract
        return False
    return any(
        not first <= columns[id(o)] <= last
        and min(o.top, line.top) > max(o.bottom, line.bottom)
        and id(o) not in crossing
        for o in flat
    )


def page_texts(pages: list[PageBoxes]) -> list[str]:
    """Each page's text in reading order, a line a line, without its running lines."""
    running = mark_running(pages)
    out = []
    for page, gone in zip(pages, running, strict=True):
        if page.repeated:
            out.append("")
            continue
        body = [ln for ln in page.lines if id(ln) not in gone]
        out.append("\n".join(ln.text for ln in reading_order(body)))
    return out


def without_line_numbers(boxes: Sequence[Box]) -> list[Box]:
    """``boxes`` less a manuscript's line numbers: numbers in a margin column (left or
    right of most of the text), counting up down the page, LINE_NUMBERS or more of them
    alone; a page may have two such columns (left and right). Down a column the numbers
    may count in a few interleaved runs: a listing numbered on its own inside the text's
    numbering, a counter reset mid-page. A number that PDFium joined to its line (the gap
    narrower than the text is tall) is cut off it; read in the file's order the others
    fell inside sentences ("…authors to use when 14 writing…")."""
    out = list(boxes)
    for _ in range(2):
        alone = [b for b in out if _LINE_NUMBER.match(b[4])]
        if len(alone) < LINE_NUMBERS:
            break
        text = [b for b in out if not any(p.match(b[4]) for p in (_LINE_NUMBER, _LEADING_NUMBER, _TRAILING_NUMBER))]
        span = _margin_column(alone, text)
        if span is None:
            break
        lo, hi = span
        # a right-aligned number joined to its line starts left of the narrower ones alone
        digits = sorted((b[2] - b[0]) / len(b[4].strip()) for b in alone)
        wider = 2 * digits[len(digits) // 2] + 1
        for side, cut in ((0, _LEADING_NUMBER), (2, _TRAILING_NUMBER)):
            column = [
                (k, b, m)
                for k, b in enumerate(out)
                if lo - wider <= _edge(b, side) <= hi + wider and (m := _LINE_NUMBER.match(b[4]) or cut.match(b[4]))
            ]
            down = [_value(m.group("n")) for _, _, m in sorted(column, key=lambda kbm: -kbm[1][3])]
            if len(column) >= LINE_NUMBERS and _counting_up(down):
                for k, b, m in column:
                    out[k] = (b[0], b[1], b[2], b[3], (b[4][: m.start("n")] + b[4][m.end("n") :]).strip())
                out = [b for b in out if b[4]]
                break
        else:
            break
    return out


def _margin_column(alone: list[Box], text: list[Box]) -> tuple[float, float] | None:
    """The x span of the most numbers alone whose boxes overlap side by side (right- and
    left-aligned numbers of a text and its listing, one- to three-digit), when there are
    LINE_NUMBERS of them and the span lies left or right of most of the text: a margin,
    not a table's column."""
    clusters: list[list[float]] = []  # [left, right, count]
    for left, right in sorted((b[0], b[2]) for b in alone):
        if clusters and left <= clusters[-1][1] + 1:
            clusters[-1][1] = max(clusters[-1][1], right)
            clusters[-1][2] += 1
        else:
            clusters.append([left, right, 1])
    lo, hi, count = max(clusters, key=lambda c: c[2])
    if count < LINE_NUMBERS or not text:
        return None
    lefts, rights = sorted(b[0] for b in text), sorted(b[2] for b in text)
    if hi <= lefts[len(lefts) // 2] + 1 or lo >= rights[len(rights) // 2] - 1:
        return lo, hi
    return None


def _value(number: str) -> int:
    """A line number's value, arabic or lower-case roman."""
    if number.isdigit():
        return int(number)
    values = [_ROMAN[c] for c in number]
    return sum(-v if v < after else v for v, after in zip(values, [*values[1:], 0], strict=True))


def _counting_up(numbers: list[int]) -> bool:
    """Whether ``numbers`` (read down the page) count up in at most LINE_NUMBER_RUNS runs,
    and one per LINE_NUMBERS numbers, each number continuing the run whose last number is
    just below it: a column of line numbers, not a table's column of values."""
    runs: list[int] = []  # each run's last number
    for n in numbers:
        below = [k for k, last in enumerate(runs) if 0 < n - last <= LINE_NUMBER_STEP]
        if below:
            runs[max(below, key=runs.__getitem__)] = n
        else:
            runs.append(n)
    return len(runs) <= min(LINE_NUMBER_RUNS, len(numbers) // LINE_NUMBERS)


def _edge(box: Box, edge: int) -> float:
    return box[0] if edge == 0 else box[2]
