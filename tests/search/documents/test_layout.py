"""PDFs as they are laid out: columns read in order, running lines and margin stamps
dropped by position and similarity, body text kept (issue 34, items 1 and 2)."""

from __future__ import annotations

import re

import pytest

from deepref.search.documents import read_bytes
from deepref.search.documents.layout import PageBoxes, page_texts
from tests.search.documents.makers import RIVER_SENTENCES, make_columns_pdf


def _sentences(text: str) -> list[str]:
    return re.findall(r"Survey \d+ .*?removed\.", " ".join(text.split()))


@pytest.mark.parametrize("columns", [2, 3])
def test_columns_drawn_across_the_page_come_out_in_reading_order(columns):
    doc = read_bytes(make_columns_pdf(columns=columns), "booklet.pdf")
    text = "\n".join(seg.text for seg in doc.segments)
    found = _sentences(text)
    assert len(found) > 40
    assert all(s in RIVER_SENTENCES for s in found), [s for s in found if s not in RIVER_SENTENCES][:2]
    # in order, none lost between the first and the last one read
    numbers = [int(s.split()[1]) for s in found]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def test_running_headers_with_changing_numbers_footers_and_margin_stamps_are_dropped():
    doc = read_bytes(make_columns_pdf(), "register.pdf")
    assert [s.number for s in doc.segments] == [1, 2, 3, 4]
    for seg in doc.segments:
        assert "Federal Register" not in seg.text
        assert "Instructions for Form" not in seg.text
        assert "Downloaded from the county library" not in seg.text
        assert "Survey" in seg.text


def test_a_body_line_that_resembles_the_header_is_kept():
    first = "Federal Register notices of August {n} list the river surveys below in full detail."
    doc = read_bytes(make_columns_pdf(body_first=first), "register.pdf")
    for n, seg in enumerate(doc.segments, start=1):
        assert first.format(n=n) in " ".join(seg.text.split())
        assert "Monday, August 10, 2020" not in seg.text


def test_tables_and_single_columns_keep_the_files_order():
    # a two-cell table (short cells) is not read as two columns
    rows = [(50, 700 - 14 * i, 120, 709 - 14 * i, f"Item {i}") for i in range(12)]
    rows += [(300, 700 - 14 * i, 360, 709 - 14 * i, f"{i * 3} kg") for i in range(12)]
    rows.sort(key=lambda b: (-b[3], b[0]))
    (text,) = page_texts([PageBoxes(595, 842, rows)])
    assert text.split("\n")[:2] == ["Item 0 0 kg", "Item 1 3 kg"] or text.split("\n")[:2] == ["Item 0", "0 kg"]


def test_a_table_repeated_at_the_top_of_pages_is_kept_and_the_header_goes():
    # each page: a running header in the margin, then (set apart) a code table whose
    # first rows are the same on every page, as in a font's encoding tables
    pages = []
    for n in range(1, 6):
        boxes = [(72, 815, 400, 823, f"The technical documentation of the fonts, page {n}")]
        boxes += [(72 + 120 * k, 753, 120 + 120 * k, 761, f"{33 + k} x{21 + k} !") for k in range(4)]
        boxes += [
            (72, 600 - 14 * j, 500, 608 - 14 * j, f"Body line {j} of page {n} about glyph {j * n}.") for j in range(3)
        ]
        pages.append(PageBoxes(595, 842, boxes))
    for text in page_texts(pages):
        assert "technical documentation" not in text
        assert "33 x21 !" in text and "36 x24 !" in text


def test_numbers_in_a_table_row_at_the_top_are_not_page_numbers():
    pages = []
    for n in range(1, 5):
        boxes = [(72 + 60 * k, 766, 100 + 60 * k, 774, f"{80 + k:04X}") for k in range(5)]
        boxes += [
            (72, 700 - 14 * j, 500, 708 - 14 * j, f"Glyph row {j} on page {n} of the encoding table.") for j in range(3)
        ]
        boxes += [(290, 30, 300, 38, str(n))]
        pages.append(PageBoxes(595, 842, boxes))
    for n, text in enumerate(page_texts(pages), start=1):
        assert "0050 0051 0052 0053 0054" in " ".join(text.split())
        assert text.split("\n")[-1] != str(n)  # the real page number goes
