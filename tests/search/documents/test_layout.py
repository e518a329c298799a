"""PDFs as they are laid out: columns read in order, running lines and margin stamps
dropped by position and similarity, body text kept (issue 34, items 1 and 2)."""

from __future__ import annotations

import io
import re
from pathlib import Path

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


def _raw_pdf(
    content: bytes, glyph_name: bool = False, font1: bytes | None = None, f2_map: bytes = b"<61> <D835DEFC>"
) -> bytes:
    """A one-page PDF drawing ``content`` with Helvetica as /F1, and as /F2 a font that
    reads code 0x61 as U+1D6FC (math italic alpha, outside the BMP), as a LaTeX paper's
    math font reads: a Helvetica by its ToUnicode map, or (``glyph_name``) an embedded
    TrueType (reportlab's Vera) by its encoding's glyph name "u1D6FC" alone, as NewTXMI
    does inside a figure of asmeconf's template. ``font1``: /F1's dictionary instead;
    ``f2_map``: /F2's codes and their Unicode instead."""
    cmap = (
        b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /M def "
        b"1 begincodespacerange <00> <FF> endcodespacerange %d beginbfchar %s endbfchar "
        b"endcmap CMapName currentdict /CMap defineresource pop end end"
    ) % (len(f2_map.split()) // 2, f2_map)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        font1 or b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 7 0 R >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(cmap), cmap),
    ]
    if glyph_name:
        import reportlab

        vera = (Path(reportlab.__file__).parent / "fonts" / "Vera.ttf").read_bytes()
        objects[5] = (
            b"<< /Type /Font /Subtype /TrueType /BaseFont /Vera /FirstChar 97 /LastChar 97 /Widths [600] "
            b"/FontDescriptor 8 0 R /Encoding << /Type /Encoding /Differences [97 /u1D6FC] >> >>"
        )
        objects[6] = b"<< /Length %d /Length1 %d >>\nstream\n%s\nendstream" % (len(vera), len(vera), vera)
        objects.append(
            b"<< /Type /FontDescriptor /FontName /Vera /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 "
            b"/Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>"
        )
    out, offsets = b"%PDF-1.4\n", []
    for n, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (n, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)


def test_overlapping_letters_are_read_once_on_a_page_with_math_letters_outside_the_bmp():
    """A LaTeX paper's math italic (U+1D6FC) counts two in PDFium's text: the page was
    read rectangle by rectangle, and the logo's overlapping letters (a small raised A
    over the L, a lowered E) came out twice ("LALATATETEX EX")."""
    content = b"""BT /F1 10 Tf 72 700 Td (Commands to be included in the L) Tj ET
BT /F1 7 Tf 221.4 702 Td (A) Tj ET
BT /F1 10 Tf 224.8 700 Td (T) Tj ET
BT /F1 10 Tf 229.4 697.8 Td (E) Tj ET
BT /F1 10 Tf 234.9 700 Td (X source are listed below.) Tj ET
BT /F1 10 Tf 72 680 Td (You can use any of the symbols from ) Tj ET
BT /F2 10 Tf 240 680 Td (a) Tj ET
BT /F1 10 Tf 248 680 Td ( onwards in the text.) Tj ET"""
    text = " ".join(read_bytes(_raw_pdf(content), "paper.pdf").segments[0].text.split())
    assert "\U0001d6fc onwards" in text  # the page has its character outside the BMP
    assert "Commands to be included in the LATEX source are listed below." in text


def test_ligatures_named_f_f_i_in_a_font_without_a_unicode_map_are_read():
    """Linux Libertine (cheatsheet.pdf) and Fira Sans (a beamer theme's demo) name their
    ligatures "f_i", "f_f_i", "f_l" in the font's /Differences, without a ToUnicode map:
    PDFium, not knowing the names, gave the raw codes, control characters that were lost
    ("suffix" read "su x", "find" "nd", "different" "dierent")."""
    font = (
        b"<< /Type /Font /Subtype /Type1 /BaseFont /RCBABW+LinLibertineT "
        b"/Encoding << /Type /Encoding /Differences [24 /f_f 27 /f_i /f_f_i 30 /f_l] >> >>"
    )
    content = b"""BT /F1 10 Tf 72 700 Td (To \033nd a su\034x, use the \033rst \036oat.) Tj ET
BT /F1 10 Tf 72 686 Td (It is di\030erent in each \033le.) Tj ET"""
    text = " ".join(read_bytes(_raw_pdf(content, font1=font), "card.pdf").segments[0].text.split())
    assert "To find a suffix, use the first float. It is different in each file." in text


def test_columns_after_a_math_letter_that_pdfium_leaves_out_of_its_text_are_cut_whole():
    """A math letter outside the BMP named only by its glyph name (NewTXMI in a figure
    of asmeconf's template) is one PDFium character that its text (UCS-2) leaves out:
    every line after it was cut a character off between its two columns' boxes ("the
    asmeconf-templat" | "e.tex file.")."""
    content = [b"BT /F1 10 Tf 72 720 Td (The angle ) Tj ET BT /F2 10 Tf 120 720 Td (a) Tj ET"]
    content += [b"BT /F1 10 Tf 128 720 Td ( is measured from the axis.) Tj ET"]
    for j in range(6):
        y = 700 - 14 * j
        content.append(b"BT /F1 10 Tf 72 %d Td (Left column line %d reads on.) Tj ET" % (y, j))
        content.append(b"BT /F1 10 Tf 320 %d Td (Right column line %d reads on.) Tj ET" % (y, j))
    data = _raw_pdf(b"\n".join(content), glyph_name=True)
    text = " ".join(read_bytes(data, "paper.pdf").segments[0].text.split())
    assert "The angle \U0001d6fc is measured from the axis." in text
    for j in range(6):
        assert f"Left column line {j} reads on." in text
        assert f"Right column line {j} reads on." in text


def _pdf(draw) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_vector_accent_over_a_tall_letter_stays_on_its_line():
    """\\vec k, a "~" over the k (mp3d's gut2001 and tugboat-geometry-space): the accent
    stands above the line's other letters, and its rectangle started a line of its own
    ("one around ~" | "k, the other"); both reference extractors read "~k"."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    head = "so we measure some axes over "

    def draw(c):
        c.setFont("Times-Roman", 10)
        c.drawString(72, 700, head)
        x = 72 + stringWidth(head, "Times-Roman", 10)
        c.setFont("Times-Italic", 10)
        c.drawString(x + 0.5, 704, "~")  # its ink above the k's top, as cmmi's \\vec sets it
        c.drawString(x, 700, "k")
        c.setFont("Times-Roman", 10)
        c.drawString(x + stringWidth("k", "Times-Italic", 10), 700, ", as one sees.")
        c.drawString(72, 686, "The next line of the paragraph follows here.")

    text = " ".join(read_bytes(_pdf(draw), "paper.pdf").segments[0].text.split())
    assert text == "so we measure some axes over ~k, as one sees. The next line of the paragraph follows here."


def test_a_full_stop_set_apart_stays_on_its_word():
    """A full stop's box is its dot, lower than the line: it was judged too far to join
    ("see section 11 .")."""

    def draw(c) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        c.setFont("Helvetica", 10)
        for k in range(6):
            c.drawString(72, 700 - 14 * k, f"Line {k} of a paragraph that runs on for a while before it ends.")
        lead = "If you want to include other packages, see section 11"
        c.drawString(72, 600, lead)
        c.setFont("Times-Roman", 10)  # a font change, as a hyperlink's or a macro's
        c.drawString(72 + stringWidth(lead, "Helvetica", 10) + 1.6, 600, ".")

    text = " ".join(read_bytes(_pdf(draw), "guide.pdf").segments[0].text.split())
    assert "see section 11." in text


def test_a_slide_templates_sidebar_goes_and_overlaid_body_text_stays():
    """A beamer sidebar lists the talk's sections at the same place on every slide, in
    no top or bottom band; a frame built up over two slides repeats its first point."""
    pages = []
    for n in range(1, 9):
        boxes = [(20, 240, 250, 250, f"Frame title number {n // 2}")]
        boxes += [
            (20, 200 - 14 * j, 280, 208 - 14 * j, f"Point {j} of frame {n // 2} says something new.") for j in range(2)
        ]
        boxes += [(300, 200 - 20 * k, 350, 206 - 20 * k, name) for k, name in enumerate(["Syntax versus", "Semantik"])]
        boxes += [(300, 120, 350, 126, "Till Tantau")]
        pages.append(PageBoxes(363, 272, boxes))
    for n, text in enumerate(page_texts(pages), start=1):
        assert "Syntax versus" not in text and "Semantik" not in text and "Till Tantau" not in text
        assert f"Point 0 of frame {n // 2} says something new." in text


def test_a_running_header_of_initials_goes():
    """Even pages carry the authors' initials, odd pages the title; an initial is one
    letter, so the header had fewer than two words and passed for a table's cell."""
    pages = []
    for n in range(1, 9):
        header = "A. U. Thor, B. U. Thor" if n % 2 == 0 else "Title of the paper in short"
        boxes = [(438, 776, 510, 783, header)]
        boxes += [
            (85, 745 - 12 * j, 510, 754 - 12 * j, f"Body line {j} of page {n}, a sentence of prose.") for j in range(20)
        ]
        pages.append(PageBoxes(595, 842, boxes))
    for text in page_texts(pages):
        assert "Thor" not in text and "Title of the paper" not in text
        assert "Body line 19" in text


def test_a_reference_cards_columns_that_run_to_the_edge_keep_their_last_lines():
    """On a two-page card there are no pages to compare a line with: an edge line goes when
    it lies in the outer band set apart from its column, and a column's text that runs
    on into the band (its baselines offset from the next column's) is body."""
    pages = []
    for n in range(1, 3):
        boxes = []
        for col, (x, offset) in enumerate([(40, 0.0), (300, 4.0), (560, 2.0)]):
            boxes += [
                (x, 580 - 11 * j - offset, x + 200, 588 - 11 * j - offset, f"Card {n} column {col} row {j} text.")
                for j in range(52)
            ]
        boxes.append((300, 0, 500, 6, f"Made with care, side {n}"))
        pages.append(PageBoxes(792, 612, boxes))
    for n, text in enumerate(page_texts(pages), start=1):
        for col in range(3):
            assert f"Card {n} column {col} row 51 text." in text
        assert "Made with care" not in text


def test_a_comma_after_a_word_in_another_font_stays_on_it():
    """A comma's box is its glyph, mostly below the baseline of a word set in a typewriter
    font without descenders (boxes as PDFium gives them for REVTeX's guide): the two
    overlapped too little to count as one line ("unsortedaddress , for")."""
    boxes = [
        (64.0, 700.0 - 11 * k, 300.0, 708.9 - 11 * k, f"Line {k} of a paragraph that runs on for a while.")
        for k in range(6)
    ]
    boxes += [
        (64.3, 620.1, 208.7, 629.0, "There is a third class option,"),
        (218.0, 622.0, 295.7, 628.1, "unsortedaddress"),
        (297.2, 620.1, 298.3, 623.1, ","),
        (54.4, 609.1, 300.0, 618.0, "for controlling author and affiliation display."),
    ]
    (text,) = page_texts([PageBoxes(595, 842, boxes)])
    assert "unsortedaddress," in text


def test_a_footnote_mark_raised_onto_a_line_of_its_own_stays_on_its_word():
    """PDFium set a footnote's mark after a comma on a line of its own (boxes as it gives
    them for tb133chernoff-widows' "CTAN,¹"): the gap between the two glyphs' ink, their
    side bearings, passed for a space beside the line's height ("CTAN, 1"); the mark's
    own size measures it. The words after the mark keep their space."""
    boxes = [
        (314.4, 524.7 - 12 * k, 539.4, 533.8 - 12 * k, f"Line {k} of a paragraph that runs on for a while.")
        for k in range(4)
    ]
    boxes += [
        (314.4, 476.8, 418.9, 485.9, "ually from either CTAN,"),
        (420.5, 482.4, 423.0, 487.1, "1"),
        (427.7, 476.9, 538.2, 487.1, "the ConTEXt Garden,2 or"),
        (314.7, 464.8, 537.9, 475.2, "GitHub,3 although it is best if you can install it."),
    ]
    (text,) = page_texts([PageBoxes(595, 842, boxes)])
    assert "from either CTAN,1 the ConTEXt Garden,2 or" in text


def test_a_manuscripts_line_numbers_in_the_margin_are_dropped():
    """Numbers right-aligned in the left margin, one per line (as lineno and AASTeX set
    them), some joined by PDFium to their line when the gap is narrow: read in the
    file's order they fell inside the sentences ("…use when 14 writing…")."""
    sentence = "This example manuscript is intended to serve as a tutorial for authors to use when writing"
    words = sentence.split()
    boxes, k = [], 0
    for n in range(1, 25):
        line = " ".join(words[k % len(words) : k % len(words) + 6]) or "writing their own articles"
        k += 6
        top = 740 - 14 * n
        number = (92.6 - 2.6 * len(str(n)), top - 9, 92.6, top - 4, str(n))
        if n % 4 == 0:  # joined to its line
            boxes.append((number[0], top - 10, 491, top, f"{n} {line} sentence {n} goes on."))
        else:
            boxes += [number, (103.5, top - 10, 491, top, f"{line} sentence {n} goes on.")]
    (text,) = page_texts([PageBoxes(595, 842, boxes)])
    flat = " ".join(text.split())
    for n in range(1, 25):
        assert f"sentence {n} goes on." in flat
        assert f" {n} " not in f" {flat} ".replace(f"sentence {n} goes", "")
    assert "goes on. 4" not in flat and not text.startswith("1")


def test_line_numbers_that_count_in_runs_and_steps_are_dropped():
    """lineno's own documentation: the text's numbers, right-aligned and every third line
    only, interleave with a listing's numbers counting from 43 in one margin column, and
    a two-digit number joined to its line starts left of the one-digit ones alone (boxes
    as PDFium gives them for lineno.pdf page 30)."""
    boxes, top, text_n, listing_n = [], 700.0, 1, 43
    for block in range(4):
        for j in range(4):  # prose, a number every third line
            line = f"Prose line {block}.{j} of the manual goes on here."
            if text_n % 3 == 1:
                width = 2.7 * len(str(text_n))
                if text_n >= 10:  # joined to its line: PDFium's gap is narrow
                    boxes.append((92.7 - width, top - 10, 491, top, f"{text_n} {line}"))
                else:
                    boxes += [(92.7 - width, top - 8, 92.7, top - 4, str(text_n)), (103.3, top - 10, 491, top, line)]
            else:
                boxes.append((103.3, top - 10, 491, top, line))
            text_n, top = text_n + 1, top - 14.5
        for j in range(3):  # the listing, every line numbered, left-aligned
            boxes += [(89.2, top - 8, 99.5, top - 4, str(listing_n)), (113.9, top - 9, 300, top, f"\\macro{block}{j}")]
            listing_n, top = listing_n + 1, top - 12
    (text,) = page_texts([PageBoxes(595, 842, boxes)])
    flat = " ".join(text.split())
    for block in range(4):
        for j in range(4):
            assert f"Prose line {block}.{j} of the manual goes on here." in flat
    assert not re.search(r"\b(4[3-9]|5[0-9]|1[03])\b", flat), flat


def test_roman_line_numbers_in_the_right_margin_are_dropped():
    """ulineno's examples number lines in roman, right-aligned in the right margin."""
    romans = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv"]
    boxes = []
    for n, roman in enumerate(romans):
        top = 700 - 14.5 * n
        boxes += [
            (103.3, top - 10, 491, top, f"Sentence {n} of the example runs across the line."),
            (529.4 - 3.5 * len(roman), top - 8, 529.4, top - 1, roman),
        ]
    (text,) = page_texts([PageBoxes(595, 842, boxes)])
    flat = " ".join(text.split())
    assert all(f"Sentence {n} of the example runs across the line." in flat for n in range(len(romans)))
    assert not re.search(r"\b[ivx]+\b", flat), flat


def _deck(slides: list[list[tuple]], size: tuple[float, float] = (363, 272)) -> bytes:
    """A beamer-sized deck: each slide's strings drawn at (x, y), in 8 pt Helvetica or at
    the size given fourth."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=size)
    for strings in slides:
        for x, y, text, *points in strings:
            c.setFont("Helvetica", points[0] if points else 8)
            c.drawString(x, y, text)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_frames_points_parked_off_the_page_are_not_read_and_its_footer_goes():
    """beamer-fuberlin parks a frame's points not yet uncovered 2,000 points off the page
    (and a footer's "ZEDAT,"). Read, they put later points on the frame's first slide, and
    made its three slides the same text, so two were read as repeats (empty) and the
    footer, left on too few slides to compare, stayed."""
    points = ["The template follows the corporate design.", "It is easier to extend.", "Contents are steered."]
    footer = [(15, 3, "Wissenschaftliches Schreiben, 19. August 2015"), (399, 8, "ZEDAT,")]
    slides = [[(29, 130, "Wissenschaftliches Schreiben"), (29, 28, "19. August 2015")]]
    slides.append([(29, 244, "Inhaltsverzeichnis"), (41, 157, "Eine Einführung"), *footer, (340, 3, "2/3")])
    for shown in range(1, 4):
        slides.append(
            [(29, 241, "Die Vorlage für beamer")]
            + [(38 + 2000 * (k >= shown), 218 - 15 * k + 2000 * (k >= shown), p) for k, p in enumerate(points)]
            + [*footer, (340, 3, "3/3")]
        )
    doc = read_bytes(_deck(slides), "talk.pdf")
    pages = {seg.number: " ".join(seg.text.split()) for seg in doc.segments}
    assert sorted(pages) == [1, 2, 3, 4, 5]
    for n in (3, 4, 5):
        assert [p in pages[n] for p in points] == [k < n - 2 for k in range(3)], pages[n]
    for n in (2, 3, 4, 5):
        assert "Wissenschaftliches Schreiben" not in pages[n] and "ZEDAT" not in pages[n], pages[n]


def test_a_logos_words_on_a_few_title_slides_go_when_two_of_them_repeat_each_other():
    """bfh-ci's title slide is shown three times, its logo's words at the top; the last two
    hold the same text (an image moves), so the last was read as a repeat of the one
    before: it gave no text, and with it its logo was not compared, so the logo, left on
    two slides only, stayed."""
    footer = (20, 9, "Berner Fachhochschule | Haute école spécialisée bernoise | Bern University of Applied Sciences")
    logo = [(44, 241, "Bern University", 4), (44, 236, "of Applied Sciences", 4)]  # as bfh-ci sets them
    title = ["LaTeX-Beamer using the corporate design", "Version 0.4", "Marei Peischl"]
    slides = [[(21, 200 - 20 * k, t) for k, t in enumerate(title)] + [footer]]
    for y in (160, 120, 100):
        image = [(130, 180, "Image")] if y < 160 else []
        slides.append([*logo, *image] + [(21, y - 20 * k, t) for k, t in enumerate(title)] + [footer])
    for n in range(5, 11):
        body = [(20, 200 - 15 * k, f"Point {k} of frame {n} is a sentence of its own.") for k in range(3)]
        slides.append([(20, 233, f"Frame {n}"), *body, footer])
    doc = read_bytes(_deck(slides, size=(454, 255)), "talk.pdf")
    pages = {seg.number: " ".join(seg.text.split()) for seg in doc.segments}
    assert 4 not in pages  # the repeat is read once
    for n in (2, 3):
        assert "Bern University" not in pages[n], pages[n]
        assert "LaTeX-Beamer using the corporate design" in pages[n]
    assert all("Point 2 of frame" in pages[n] for n in range(5, 11))


def test_a_frames_title_over_its_overlays_stays_and_the_footer_goes():
    """beamer-verona's frame "New commands and environments" is shown on three slides
    (its points uncovered one by one, the last slide repeated) and goes on in a second
    frame: the title, set apart at the top, resembled the top line of enough nearby
    slides to be taken for a running header."""
    footer = [(5, 2, "Ivan Valbusa (University of Verona)"), (144, 2, "Verona - a theme for Beamer")]
    titles = ["Options", "New commands and environments", "New commands and environments", "Colour themes"]
    slides = []
    for f, title in enumerate(titles):
        for shown in range(1, 4 if f != 2 else 2):
            points = [(20, 220 - 22 * k, f"Point {k} of frame {f} is set out here in full.") for k in range(shown)]
            slides.append([(10, 252, title, 11), *points, *footer, (345, 2, f"{f + 1}/4")])
    slides.append(slides[-1])  # a slide repeated: read once
    doc = read_bytes(_deck(slides), "talk.pdf")
    pages = {seg.number: seg.text for seg in doc.segments}
    assert sorted(pages) == list(range(1, len(slides)))
    for text in pages.values():
        assert text.split("\n")[0] in titles, text
        assert "Valbusa" not in text and "a theme for Beamer" not in text


def test_a_first_pages_head_line_that_begins_with_the_running_footer_loses_it():
    """MNRAS sets its running footer ("MNRAS 000, 1–10 (2020)") at the head of page 1, on
    one line with the preprint date: the line is not the footer, but begins with it."""
    pages = []
    for n in range(1, 7):
        boxes = [(42, 700 - 14 * j, 548, 708 - 14 * j, f"Body line {j} of page {n} runs on here.") for j in range(30)]
        if n == 1:
            boxes.insert(
                0, (42, 742, 548, 750, "JOURNAL 000, 1–10 (2020) Preprint 27 June 2020 Compiled with style v3")
            )
        else:
            boxes.append((42, 26, 127, 33, "JOURNAL 000, 1–10 (2020)"))
        pages.append(PageBoxes(595, 782, boxes))
    texts = page_texts(pages)
    assert texts[0].startswith("Preprint 27 June 2020 Compiled with style v3")
    assert all("JOURNAL" not in text for text in texts)
    assert all(f"Body line 29 of page {n} runs on here." in texts[n - 1] for n in range(1, 7))


def test_notes_in_the_margin_of_a_one_column_page_are_read_after_its_text():
    """IEEEconf's manual names each macro in the left margin beside the paragraph that
    explains it; drawn between the paragraph's lines, the notes fell inside sentences
    ("…for an affiliation \\email author's affiliation…")."""
    sentence = "The guidelines specify different formatting for an author's name and for an author's affiliation"
    words = sentence.split()
    boxes, k = [], 0
    for j in range(24):
        top = 700 - 12 * j
        line = " ".join(words[k % len(words) : k % len(words) + 6]) or "and e-mail address"
        k += 6
        boxes.append((154, top - 9, 507, top, f"{line} (line {j})."))
        if j % 5 == 1:
            boxes.append((105, top - 8, 142, top - 1, f"\\macro{j}"))
    (text,) = page_texts([PageBoxes(612, 792, boxes)])
    lines = text.split("\n")
    assert [ln for ln in lines if ln.startswith("\\macro")] == lines[-5:]
    assert all(f"(line {j})." in lines[j] for j in range(24))


def test_a_thin_space_that_pdfiums_text_leaves_out_is_kept():
    """A thin space set by kerning inside one TeX string (before French high punctuation,
    between a number and its unit) is a gap PDFium's text does not count as a space;
    pdftotext and pdfminer.six do ("connues;" and "122mm" before), and a kerned pair
    stays joined."""
    content = (
        b"BT /F1 10 Tf 72 700 Td [(Les causes ne nous sont point connues)-125(; mais elles sont assujetties.)] TJ ET\n"
        b"BT /F1 10 Tf 72 686 Td [(setting the printing area to 122)-130(mm horizontally.)] TJ ET\n"
        b"BT /F1 10 Tf 72 672 Td [(A kerned pair: AV)-20(A and T)-30(o stay.)] TJ ET"
    )
    text = " ".join(read_bytes(_raw_pdf(content), "paper.pdf").segments[0].text.split())
    assert "point connues ; mais elles" in text
    assert "area to 122 mm horizontally." in text
    assert "A kerned pair: AVA and To stay." in text


def test_a_frame_title_that_frames_of_a_section_share_stays():
    """beamer-verona titles five frames "The sidebar option": set larger than the deck's
    text and apart at the top of each, it resembled the top line of frames enough to be
    taken for a running header; its headline, set small, is one."""
    headline = [(145, 264, "The section", 4), (186, 264, "The subsection", 4)]
    others = ["Motivation", "Related work", "Our approach", "Options", "Colours", "Fonts", "Summary"]
    titles = others[:4] + ["The sidebar option"] * 5 + others[4:]
    slides = []
    for f, title in enumerate(titles):
        body = [(20, 200 - 15 * k, f"Line {k} of frame {f} tells one thing about it.") for k in range(4)]
        slides.append([*headline, (9, 250, title, 13), *body])
    doc = read_bytes(_deck(slides), "talk.pdf")
    pages = {seg.number: seg.text for seg in doc.segments}
    for n, text in pages.items():
        assert text.split("\n")[0] == titles[n - 1], text
        assert "The section" not in text and "The subsection" not in text


def test_a_header_with_the_slides_number_set_as_large_as_the_text_goes():
    """xesearch's landscape pages set "XESearch user guide • 4" at the text's size, above
    pages of smaller code: the header stood taller than most of the deck's lines, a title,
    which is never judged running; the same text, numbers aside, at one place on every
    slide is the template's."""
    slides = []
    for n in range(1, 9):
        prose = [(20, 220 - 14 * k, f"Prose line {k} of slide {n} explains the code.", 11) for k in range(3)]
        code = [(330, 220 - 9 * k, f"\\def\\macro{k}{{{n}}}", 7) for k in range(20)]
        slides.append([(450, 261, f"Package user guide - {n}", 11), *prose, *code])
    doc = read_bytes(_deck(slides, size=(600, 272)), "guide.pdf")
    pages = {seg.number: seg.text for seg in doc.segments}
    assert sorted(pages) == list(range(1, 9))
    for n, text in pages.items():
        assert "user guide" not in text, text
        assert f"Prose line 2 of slide {n} explains the code." in " ".join(text.split()), text


def test_the_xelatex_logos_mirrored_e_joins_its_word():
    """XeLaTeX's logo sets its E mirrored, back over the X: PDFium made up a space between
    the two glyphs (urcls's slides read "mit X ELATEX oder LuaLATEX")."""

    def draw(c) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        c.setFont("Helvetica", 11)
        lead = "Daher ist es notwendig mit X"
        c.drawString(72, 700, lead)
        # XeTeX's logo: the E lowered, kerned back an eighth of an em, mirrored
        x = 72 + stringWidth(lead, "Helvetica", 11) - 0.125 * 11 + stringWidth("E", "Helvetica", 11)
        c.saveState()
        c.translate(x, 697.3)
        c.scale(-1, 1)  # the E mirrored, its left edge over the X's right edge
        c.drawString(0, 0, "E")
        c.restoreState()
        c.drawString(x + 0.2, 700, "LaTeX oder LuaLaTeX zu kompilieren, a b c.")

    text = " ".join(read_bytes(_pdf(draw), "logo.pdf").segments[0].text.split())
    assert "mit XELaTeX oder LuaLaTeX zu kompilieren, a b c." in text


def test_an_accent_drawn_apart_over_its_letter_is_composed_with_it():
    """A font without accented letters (LaTeX's OT1) draws the umlaut apart, over the u:
    PDFium read beamer-fuberlin's "Eine Einführung" as "Eine Einfuhrung ¨"."""

    def draw(c) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        c.setFont("Helvetica", 11)
        lead = "Eine kurze Einfu"
        c.drawString(72, 700, lead + "hrung in die Vorlage, eine Seite lang.")
        u_left = 72 + stringWidth(lead[:-1], "Helvetica", 11)
        c.drawString(u_left + 0.3, 700.6, "\u00a8")  # the dieresis glyph, over the u

    text = " ".join(read_bytes(_pdf(draw), "vorlage.pdf").segments[0].text.split())
    assert "Eine kurze Einführung in die Vorlage, eine Seite lang." in text
    assert "¨" not in text


def test_an_accent_drawn_before_its_letter_is_composed_with_the_letter_after_it():
    """TeX's \\` and \\^ in an OT1 font draw the accent first, then the letter under it:
    PDFium read layaureo's Italian "è più" as "`e pi`u" and webguide's "Thê" as "Thˆe"
    (the reader looked only at the letters before an accent). A "`" on the next line,
    under a letter (cmsy's turnstile, which PDFium reads "`"), is no grave: BussGuide2's
    "A" above one was read "À"."""

    def draw(c) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        def width(s: str) -> float:
            return stringWidth(s, "Helvetica", 11)

        c.setFont("Helvetica", 11)
        x = 72.0
        for word, accent in (
            ("Questo ", ""),
            ("e", "`"),
            (" pi", ""),
            ("u", "`"),
            (" bello, disse Th", ""),
            ("e", "\u02c6"),
        ):
            if accent:  # the accent first, over the letter drawn next
                c.drawString(x + (width(word) - width(accent)) / 2, 700.4, accent)
            c.drawString(x, 700, word)
            x += width(word)
        c.drawString(x, 700, ".")
        c.drawString(72, 688, "A proof of")
        c.drawString(72, 676.5, "`")  # under the A, a line down

    text = " ".join(read_bytes(_pdf(draw), "guida.pdf").segments[0].text.split())
    assert "Questo è più bello, disse Thê." in text
    assert "À" not in text


def test_a_second_navigation_row_stacked_under_the_edge_row_goes():
    """beamerPENNstyle's navigation bar has two rows at the top; the second ("Installation
    and Usage", on 4 of 16 slides) lies just below the page's outer band, and a frame's
    title follows it at less than the pitch of the body's lines: it was no edge line, so
    it was never compared and stayed in the text of each slide."""
    titles = (
        "Color Themes Fonts Blocks Lists Tables Figures Notes Overlays Columns Logos Footers Margins Links Code Thanks"
    )
    sections = ["Overview", "Installation and Usage", "Design", "Extras"]
    slides = []
    for n, title in enumerate(titles.split()):
        section = "Installation and Usage" if 1 <= n <= 4 else sections[n // 4]
        slide = [
            (151.6, 261.9, "Package", 5.5),
            (190.5, 261.9, "Introduction", 5.5),
            (148.6, 255.3, "Examples", 5.5),
            (190.5, 255.3, section, 5.5),
            (14.1, 234.7, title, 10),
        ]
        slide += [(28.7, 180 - 15 * k, f"Slide {title} says thing {k} in a body line.", 10) for k in range(3)]
        slides.append(slide)
    doc = read_bytes(_deck(slides, size=(363, 272.13)), "talk.pdf")
    pages = {seg.number: " ".join(seg.text.split()) for seg in doc.segments}
    for n, title in enumerate(titles.split()):
        text = pages[n + 1]
        assert title in text, text
        assert all(f"Slide {title} says thing {k} in a body line." in text for k in range(3)), text
        assert "Installation and Usage" not in text, text


def test_a_file_pypdf_cannot_open_keeps_its_ligature_codes_and_is_read():
    """The ligatures' glyph names come from pypdf, which raises on files PDFium reads
    (a damaged cross-reference, a hostile object): the file's text is read all the same,
    its ligatures left as codes; before, pypdf's error ended the reading."""
    from deepref.search.documents.ligatures import Ligatures

    ligatures = Ligatures(b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n%%EOF")
    assert ligatures._names(0) == {}
    assert ligatures._reader is False  # the failure is kept: the file is not parsed again
    assert ligatures._names(1) == {}


def test_the_xetex_logos_mirrored_e_drawn_after_its_t_is_read_in_place():
    """XeTeX's logo (ltnews31, l3news12) draws its E mirrored and lowered after the T,
    back over the X: PDFium's text has it after the T and its rectangle goes back on the
    line, so the word was read "X T EEX", cut in two boxes."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    head = "Fonts are handled correctly only by X"
    x = 72 + stringWidth(head, "Helvetica", 10)
    content = b"""BT /F1 10 Tf 72 700 Td (%s) Tj ET
BT /F1 10 Tf %.2f 700 Td (T) Tj ET
BT /F1 10 Tf -1 0 0 1 %.2f 697.8 Tm (E) Tj ET
BT /F1 10 Tf %.2f 697.8 Td (E) Tj ET
BT /F1 10 Tf %.2f 700 Td (X, which reads the fonts.) Tj ET
BT /F1 10 Tf 72 686 Td (The next line follows it here.) Tj ET""" % (head.encode(), x + 6.4, x + 6.4, x + 12.3, x + 18.6)
    text = " ".join(read_bytes(_raw_pdf(content), "news.pdf").segments[0].text.split())
    assert "Fonts are handled correctly only by XETEX, which reads the fonts. The next line follows it here." in text


def test_a_diagonal_watermark_neither_cuts_the_columns_nor_enters_a_sentence():
    """A "draft" watermark drawn at a slant is one box as tall as the page's middle,
    across the gutter: it cut two columns into bands, their sentences read across
    ("…unsatisfactory in many babelbib current version…") and "draft" inside one
    (tugboat-babelbib). Slanted text is kept out of the columns, after the page's text."""
    doc = read_bytes(make_columns_pdf(pages=2, watermark="draft"), "draft.pdf")
    for seg in doc.segments:
        found = _sentences(seg.text)
        assert len(found) > 15 and all(s in RIVER_SENTENCES for s in found), found[:2]
        numbers = [int(s.split()[1]) for s in found]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))
        assert seg.text.count("draft") == 1 and seg.text.rstrip().endswith("draft")


def _column(x: float, top: float, words: list[str], per_line: int = 6) -> list[tuple[float, float, float, float, str]]:
    lines = [" ".join(words[k : k + per_line]) for k in range(0, len(words), per_line)]
    return [(x, top - 12 * j - 8, x + 150, top - 12 * j, line) for j, line in enumerate(lines)]


def test_a_frame_under_some_columns_does_not_cut_the_column_beside_it():
    """A frame of commands set under the last two of four columns while the first runs
    on beside it (flowfram's sample) crossed their gutter and cut the page into bands:
    the first column's last sentence was split by the frame's lines. It is read in its
    own first column instead."""
    words = [f"w{k}" for k in range(120)]
    boxes = _column(40, 500, ["First", "column", *words, "ends", "here."])
    boxes += _column(220, 500, ["Second", "column", *words, "ends", "there."])
    boxes += _column(400, 500, ["Third", "column", *words, "stops."])
    boxes += _column(580, 500, ["Fourth", "column", *words, "halts."])
    top = 500 - 12 * 8
    frame = [(400, top - 12 * j - 8, 730, top - 12 * j, f"\\framecommand{{{j}}} sets the page out") for j in range(4)]
    boxes = [b for b in boxes if not (b[0] >= 400 and b[3] <= top + 4)] + frame
    boxes.sort(key=lambda b: (-b[3], b[0]))  # drawn line by line across the page
    (text,) = page_texts([PageBoxes(842, 595, boxes)])
    flat = " ".join(text.split())
    assert "First column " + " ".join(words) + " ends here." in flat
    assert "Second column " + " ".join(words) + " ends there." in flat


def test_a_contents_tables_page_numbers_beside_a_column_of_prose_do_not_cut_it():
    """A contents table whose page numbers stand apart from its entries (dot leaders
    between) left a free strip before the numbers, and the prose column further right
    made it a gutter: each entry joined to its number ("Introduction 1") crossed it and
    cut the page into bands, splitting the prose column's sentences (ltnews35)."""
    boxes: list[tuple[float, float, float, float, str]] = []
    for j in range(24):
        y = 700 - 12 * j
        if j % 3 == 0:
            boxes.append((44, y - 8, 288, y, f"Section heading {j} {3 + j // 6}"))
        else:
            boxes.append((59, y - 8, 265, y, f"Entry number {j} of the contents . . . . ."))
            boxes.append((284, y - 7, 288, y, str(3 + j // 6)))  # repeated: not line numbers
    prose = " ".join(f"Sentence {k} of the news runs over the column's lines to its stop." for k in range(12))
    words = prose.split()
    boxes += _column(309, 700, words, per_line=8)
    boxes.sort(key=lambda b: (-b[3], b[0]))
    (text,) = page_texts([PageBoxes(612, 792, boxes)])
    flat = " ".join(text.split())
    for k in range(12):
        assert f"Sentence {k} of the news runs over the column's lines to its stop." in flat


def test_a_space_around_an_operator_and_before_a_dash_is_kept():
    """A formula's medium space around "×" before a digit ("106 × 106") and a space
    before an em dash ("wants — the") are gaps PDFium's text leaves out; both reference
    extractors keep them (hyperref's paper, tb101parashchenko)."""
    content = (
        b"BT /F1 10 Tf 72 700 Td [(The size is 106)-120(\\327)-120(106 samples.)] TJ ET\n"
        b"BT /F1 10 Tf 72 686 Td [(What the programmer wants)-120(\\227 the first.)] TJ ET\n"
        b"BT /F1 10 Tf 72 672 Td [(A tight 3\\3273 grid and a tight word\\227word stay.)] TJ ET"
    )
    text = " ".join(read_bytes(_raw_pdf(content), "paper.pdf").segments[0].text.split())
    assert "The size is 106 × 106 samples." in text
    assert "What the programmer wants — the first." in text
    assert "A tight 3×3 grid and a tight word—word stay." in text


def test_a_space_before_a_dash_after_a_question_mark_is_kept():
    """latex-doc-ptr: "only an inch left? — but", the dash 0.17 em after the "?", which
    PDFium's text leaves out and both reference extractors keep; a dash set close after
    "!" stays joined."""

    def draw(c) -> None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        c.setFont("Helvetica", 11)
        for y, lead, gap in ((700, "What if a page has only an inch left?", 0.13), (686, "It stops here!", 0.0)):
            c.drawString(72, y, lead)
            c.drawString(72 + stringWidth(lead, "Helvetica", 11) + gap * 11, y, "\u2014 but it is what you want.")

    text = " ".join(read_bytes(_pdf(draw), "pointers.pdf").segments[0].text.split())
    assert "What if a page has only an inch left? — but it is what you want." in text
    assert "It stops here!— but it is what you want." in text


def test_a_kern_before_a_closing_angle_bracket_is_not_a_space():
    """LaTeX's usrguide sets a meta-variable "⟨cmd\\/⟩": the italic correction before
    "⟩", a kern, is wide enough after some letters for PDFium to make a space of it
    ("⟨number ⟩" beside "⟨code⟩"); a gap under a word space there is no space."""
    content = b"BT /F2 10 Tf 72 700 Td [(It makes a <cmd)-150(>. Then <code>, a <word)-400(> apart.)] TJ ET"
    text = " ".join(
        read_bytes(_raw_pdf(content, f2_map=b"<3E> <27E9> <3C> <27E8>"), "guide.pdf").segments[0].text.split()
    )
    assert "It makes a ⟨cmd⟩. Then ⟨code⟩, a ⟨word ⟩ apart." in text


def test_a_kern_before_a_compounds_hyphen_is_not_a_space_and_an_options_space_stays():
    """LaTeX_RefSheet draws its text in a form scaled to 0.274 and sets the KOMA-Script
    logo "KOMA\\kern.05em-Script" in a font with no space's width; PDFium then makes a
    space of any kern over a quarter of the next glyph's width, and read "KOMA -Script"
    (a 0.09 em kern), where both reference extractors read none. A space before an
    option ("the -G flag", 0.25 em) stays, measured at the size drawn: PDFium's own font
    size (12 points) leaves the scale out."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    widths = b" ".join(b"%d" % round(stringWidth(chr(c), "Helvetica", 1000)) for c in range(33, 127))
    font1 = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 33 /LastChar 126 "
    font1 += b"/Widths [%s] /Encoding /WinAnsiEncoding >>" % widths  # no width for a space
    words = b"(The)-300(page)-300(is)-300(from)-300(the)-300(KOMA)-90(-Script)-300(manual,)-300(and)-300(the)"
    words += b"-250(-G)-300(flag)-300(is)-300(an)-300(option.)"
    content = b"q 0.274 0 0 0.274 72 700 cm BT /F1 12 Tf 0 0 Td [%s] TJ ET Q" % words
    text = " ".join(read_bytes(_raw_pdf(content, font1=font1), "refsheet.pdf").segments[0].text.split())
    assert "The page is from the KOMA-Script manual, and the -G flag is an option." in text


def _italic_then(pieces: list[tuple[str, str, float]]) -> bytes:
    """A one-line PDF written by reportlab: each piece (font, text, word spacing) set on
    after the one before; a negative word spacing narrows a space to a kern."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    page = canvas.Canvas(buf)
    line = page.beginText(72, 700)
    for font, text, spacing in pieces:
        line.setFont(font, 10)
        line.setWordSpace(spacing)
        line.textOut(text)
    page.drawText(line)
    page.save()
    return buf.getvalue()


def test_an_italic_correction_before_a_closing_bracket_or_comma_is_not_a_space():
    """An italic letter's correction before ")" or "," (LaTeX's "(AP\\/)", 0.03-0.07 em)
    is a kern, which PDFium read as a space after some letters only: tugboat-geometry-space
    read "(BI), (CJ ), (DK)". A word space before "(" stays."""
    roman, italic = "Times-Roman", "Helvetica-Oblique"
    pieces = [(roman, "The lines (", 0), (italic, "jk", 0), (roman, " ", -1.2), (roman, ") and (", 0)]
    pieces += [(italic, "jk", 0), (roman, " ", -1.2), (roman, ", y) meet (at a point).", 0)]
    data = _italic_then(pieces)
    text = " ".join(read_bytes(data, "geometry.pdf").segments[0].text.split())
    assert "The lines (jk) and (jk, y) meet (at a point)." in text


def _rows_of_pieces(rows: list[list[tuple[str, str, float]]]) -> bytes:
    """A PDF written by reportlab, a row a line: each piece (font, text, gap after it in
    ems) drawn where the one before ends, the gap left as a kern (no space character)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    page = canvas.Canvas(buf)
    for n, row in enumerate(rows):
        x = 72.0
        for font, text, after in row:
            page.setFont(font, 10)
            page.drawString(x, 700 - 20 * n, text)
            x += stringWidth(text, font, 10) + after * 10
    page.save()
    return buf.getvalue()


def test_an_italic_correction_before_an_upright_glyph_is_a_space_as_both_extractors_read_it():
    """An italic letter's correction before "(", "}", ":" or a dash ("$f(y)$", "{nx\\/}",
    "panel\\/:", "Lights Out!\\/---the", cmsy's "⟩" read "i": 0.1-0.15 em from where its
    advance ends) is a space to pdftotext and pdfminer.six, which measure from the
    advance; PDFium's box reaches over the letter's overhang to its ink, and the gap from
    there (0.03-0.06 em) was none. A narrower correction is no space; before ")" a kern
    stays none (truth method 13)."""
    roman, times, oblique = "Times-Roman", "Times-Italic", "Helvetica-Oblique"
    formula = [(roman, "Let ", 0), (times, "f", 0.12), (roman, "(y) be a function and ", 0), (times, "F", 0.05)]
    braces = [("Helvetica", "The command \\ticketNumbers{", 0), (oblique, "nx", 0.12), ("Helvetica", "}{", 0)]
    dashes = [(roman, "The growth of ", 0), (oblique, "Lights Out!", 0.12), (roman, "\u2014the renewals and ", 0)]
    meta = [(roman, "Upper ", 0), (oblique, "panel", 0.12), (roman, ": the time, \\ref{h", 0), (oblique, "label", 0.12)]
    rows = [
        [*formula, (roman, "(x) its integral.", 0)],
        [*braces, (oblique, "ny", 0.12), ("Helvetica", "} sets them.", 0)],
        [*dashes, (oblique, "Out!", 0.05), (roman, "\u2014the rest.", 0)],
        [*meta, (roman, "i} (the ", 0), (oblique, "label", 0.12), (roman, ") here.", 0)],
    ]
    text = " ".join(read_bytes(_rows_of_pieces(rows), "manual.pdf").segments[0].text.split())
    assert "Let f (y) be a function and F(x) its integral." in text
    assert "The command \\ticketNumbers{nx }{ny } sets them." in text
    assert "The growth of Lights Out! \u2014the renewals and Out!\u2014the rest." in text
    assert "Upper panel : the time, \\ref{hlabel i} (the label) here." in text


def test_a_font_its_pages_share_is_parsed_once_for_its_ligatures(monkeypatch):
    """The ligatures' glyph names were read from every page's font dictionaries on each
    page with a control character; a document's pages share their fonts, parsed once."""
    import pypdf

    from deepref.search.documents import ligatures as module

    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /LinLibertineT /Encoding << /Differences [27 /f_i] >> >>"
    page = pypdf.PdfReader(io.BytesIO(_raw_pdf(b"BT /F1 10 Tf 72 700 Td (\033nd) Tj ET", font1=font))).pages[0]
    writer = pypdf.PdfWriter()
    for _ in range(3):
        writer.add_page(page)
    buf = io.BytesIO()
    writer.write(buf)
    parsed = []
    real = module.font_ligatures
    monkeypatch.setattr(module, "font_ligatures", lambda font: parsed.append(font) or real(font))
    ligatures = module.Ligatures(buf.getvalue())
    assert [ligatures._names(n) for n in range(3)] == [{("LinLibertineT", 27): "\ufb01"}] * 3
    assert len(parsed) == 2  # /F1 and /F2, once each


def test_a_decks_slides_are_worked_out_once_a_document(monkeypatch):
    """Which pages are a deck's slides was worked out three times a document (for its
    titles, its frames and its template's lines); once now, the same pages."""
    from deepref.search.documents import layout

    calls = []
    real = layout._landscape
    monkeypatch.setattr(layout, "_landscape", lambda pages: calls.append(1) or real(pages))
    slides = [PageBoxes(842, 595, [(40, 500, 400, 512, f"Slide {n} says one thing.")]) for n in range(6)]
    assert page_texts(slides) == [f"Slide {n} says one thing." for n in range(6)]
    assert len(calls) == 1


def _two_columns_with_a_cut_line(rise: float) -> bytes:
    """Two columns drawn line by line across the page; in the first column's fifth line a
    justified space wider than the text is tall, the half after it ``rise`` points higher."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    c.setFont("Helvetica", 9)
    for row in range(30):
        y = 780 - 12 * row
        for k, x in enumerate((50, 310)):
            if k == 0 and row == 4:
                c.drawString(x, y, "Before a build")
                c.drawString(x + c.stringWidth("Before a build") + 10, y + rise, "held keys,")
            else:
                c.drawString(x, y, f"Column {k} holds line {row} of its text.")
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_lines_halves_cut_at_a_wide_space_are_read_left_to_right_in_a_column():
    """A justified space wider than the line's text is tall cuts it in two, and in a band
    of two columns the halves were sorted by their tops: the half standing a hair higher
    (a math-italic letter 0.5 pt, a run-in heading's box 0.01 pt) was read first ("general
    conA can for instruction", "the smallest Paragraphs unit"; quantum-template)."""
    doc = read_bytes(_two_columns_with_a_cut_line(0.5), "paper.pdf")
    flat = " ".join(doc.segments[0].text.split())
    assert "Column 0 holds line 3 of its text. Before a build held keys, Column 0 holds line 5" in flat
    assert flat.index("Column 0 holds line 29") < flat.index("Column 1 holds line 0")


def test_a_short_decks_footer_on_two_of_its_slides_goes_and_its_title_slide_stays():
    """beamertheme-light's four-slide example sets its footer on slides 2 and 3 only (the
    title and closing slides have none): alike on one other slide, not two, it stayed.
    The title slide's authors, the same words inside the slide, stay."""
    footer = [(5, 3, "F. Vergnet and V. Goepp"), (200, 3, "The package light")]
    title = [(60, 180, "Colored beamer layout", 14), (60, 130, "F. Vergnet and V. Goepp"), (60, 110, "Version 1.0")]
    slides = [title]
    for n, head in enumerate(("How to use the package", "Further options"), start=2):
        body = [(20, 200 - 15 * k, f"Point {k} of slide {n} is a sentence of its own.") for k in range(3)]
        slides.append([(20, 245, head, 11), *body, *footer])
    slides.append([(100, 130, "This is the thankframe", 14)])
    doc = read_bytes(_deck(slides), "talk.pdf")
    pages = {seg.number: " ".join(seg.text.split()) for seg in doc.segments}
    assert sorted(pages) == [1, 2, 3, 4]
    assert "F. Vergnet and V. Goepp" in pages[1] and "Version 1.0" in pages[1], pages[1]
    for n in (2, 3):
        assert "Vergnet" not in pages[n] and "package light" not in pages[n], pages[n]
        assert f"Point 2 of slide {n} is a sentence of its own." in pages[n]
    assert pages[4] == "This is the thankframe"


def _turned_pdf(lines: list[tuple[float, float, str]], size: float, words: bool = False) -> bytes:
    """A page turned by /Rotate 90, as pdflscape sets a landscape page: each line drawn
    up the unturned page, so that it shows level, at (x, y) of the page as shown;
    ``words``: the words in one TJ array, set apart by its numbers, with no space
    character between (as TeX sets a line: the spaces are PDFium's)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    c.setPageRotation(90)
    c.setFont("Helvetica", size)
    for x, y, text in lines:
        c.saveState()
        c.translate(A4[0] - y, x)  # shown (x, y) is (width - y, x) unturned
        c.rotate(90)
        if words:
            line = c.beginText(0, 0)
            line.setFont("Helvetica", size)
            line._code.append("[" + " -333 ".join(f"({w})" for w in text.split()) + "] TJ")  # no brackets in it
            c.drawText(line)
        else:
            c.drawString(0, 0, text)
        c.restoreState()
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_turned_pages_one_letter_words_keep_their_spaces():
    """On a page turned by /Rotate 90 (newspaper's landscape sample page) the space after
    a one-letter word or "’s" was taken for one inside a logo, judged by left and right
    on the unturned page, where its letters stand one above the other: "abusy month",
    "DNDO’splan", "Iam improving"; both reference extractors read it turned."""
    said = [
        "March has been a busy month for the committee, and I am improving.",
        "DNDO's plan to go forward was a topic at both hearings this week.",
    ]
    pdf = _turned_pdf([(100, 500 - 14 * k, line) for k, line in enumerate(said)], 11, words=True)
    text = " ".join(read_bytes(pdf, "turned.pdf").segments[0].text.split())
    assert " ".join(said) in text


def test_a_turned_pages_columns_in_small_type_are_read_in_order():
    """newspaper's landscape sample page is turned (/Rotate 90) and set small: lines 4.4
    points tall, gutters 4.5 points wide. Read unturned, each line stood alone, upright,
    and a gutter under 6 points was none: its columns were read across."""
    from reportlab.lib.utils import simpleSplit

    column, gutter, size = 80.0, 4.5, 4.5
    lines = simpleSplit(" ".join(RIVER_SENTENCES[:60]), "Helvetica", size, column)
    rows = -(-len(lines) // 4)
    drawn = [  # drawn across the columns, row by row
        (60 + k * (column + gutter), 520 - 5.7 * row, lines[k * rows + row])
        for row in range(rows)
        for k in range(4)
        if k * rows + row < len(lines)
    ]
    text = read_bytes(_turned_pdf(drawn, size), "turned.pdf").segments[0].text
    found = _sentences(text)
    assert len(found) > 40 and all(s in RIVER_SENTENCES for s in found), found[:2]
    numbers = [int(s.split()[1]) for s in found]
    assert numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def _interview(label_font: tuple[str, float]) -> bytes:
    """Two columns of an interview, each answer's first line after its speaker's label
    ("KT:") hung in another font, a wide space before the answer."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    for row in range(30):
        y = 780 - 12 * row
        for k, x in enumerate((54, 316)):
            if row % 3 == 0:
                c.setFont(*label_font)
                c.drawString(x, y, "KT:")
                c.setFont("Helvetica", 9)
                c.drawString(x + 32, y, f"Answer {k}.{row} begins [beside] the")
            else:
                c.setFont("Helvetica", 9)
                c.drawString(x, y, f"line {row} of column {k} and goes on.")
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_speakers_label_hung_before_its_line_is_read_first():
    """newsletr's interview hangs each answer's label ("KT:", another font, its top a
    hair under the line's) a wide space before the answer's first line, which was read
    first: "We put the original stories [beside] the KT: translations"."""
    doc = read_bytes(_interview(("Helvetica-Bold", 9)), "newsletter.pdf")
    flat = " ".join(doc.segments[0].text.split())
    assert "KT: Answer 0.3 begins [beside] the line 4 of column 0 and goes on." in flat, flat[:300]
    assert "KT: Answer 1.27 begins [beside] the line 28 of column 1" in flat


def _column_lines(start: int, width: float = 224) -> list[str]:
    from reportlab.lib.utils import simpleSplit

    return simpleSplit(" ".join(RIVER_SENTENCES[start : start + 40]), "Helvetica", 9, width)


PANELS = (
    "A widow occurs when the last line of a paragraph is placed on a page separate from where it begins.",
    "An orphan is when the first line of a paragraph occurs on the page before all of the other lines.",
)


def _panels_pdf(lower: float) -> bytes:
    """Two columns of prose; inside the right one, a figure of two panels side by side,
    a sentence each in lines of 95 points, the right panel ``lower`` points below the
    left one, a caption under both (tb133chernoff-widows' Figure 1)."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    c.setFont("Helvetica", 9)
    for row, line in enumerate(_column_lines(0)[:50]):
        c.drawString(72, 700 - 12 * row, line)
    right = _column_lines(60)
    for row, line in enumerate(right[:10]):
        c.drawString(314, 700 - 12 * row, line)
    c.drawString(360, 570, "Widow                Orphan")
    for k, (x, drop) in enumerate(((320, 0.0), (435, lower))):
        for row, line in enumerate(simpleSplit(PANELS[k], "Helvetica", 9, 95)):
            c.drawString(x, 556 - drop - 12 * row, line)
    c.drawString(314, 556 - lower - 12 * 7, "Figure 1: The difference between widows and orphans.")
    for row, line in enumerate(right[10:30]):
        c.drawString(314, 556 - lower - 12 * 9 - 12 * row, line)
    c.showPage()
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize("lower", [36.0, 5.0])
def test_two_panels_side_by_side_inside_a_column_are_read_one_after_the_other(lower):
    """A gap that runs through a block of lines inside one column (a figure's two panels,
    a colophon beside its thanks: newsletr) cuts it as a gutter does: read by top, the
    panels' lines interleaved ("placed on An orphan is a page separate from"). The
    right panel three lines lower, sharing the left one's baselines (tb133chernoff-widows),
    or off them by a fraction of a line (newsletr)."""
    flat = " ".join(read_bytes(_panels_pdf(lower), "figure.pdf").segments[0].text.split())
    assert f"Widow Orphan {PANELS[0]} {PANELS[1]} Figure 1:" in flat, flat[:400]


def _footer_pdf() -> bytes:
    """Six pages of two columns, their baselines apart, the author's name at the foot of
    odd pages and the title at the foot of even ones; on the first page the name stands over a DOI, beside
    a note across the gutter whose lines fall between theirs (tb133chernoff-widows)."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    for page in range(6):
        c.setFont("Helvetica", 9)
        c.drawString(72, 740, f"TUGboat, Volume 43 (2022), No. 1 {28 + page}")
        for k, x in enumerate((72, 314)):  # the columns' baselines apart, as a float shifts them
            for row, line in enumerate(_column_lines(10 * page + 5 * k)[:50]):
                c.drawString(x, 700 - 5 * k - 12 * row, line)
        if page % 2:
            c.drawString(242, 43, "Automatically removing widows and orphans with lua-widow-control")
            c.showPage()
            continue
        c.setFont("Helvetica", 8)
        c.drawString(72, 44, "Max Chernoff")
        if page == 0:
            c.setFont("Helvetica", 6.5)
            c.drawString(72, 29, "doi.org/10.47397/tb/43-1/tb133chernoff-widows")
            c.setFont("Helvetica", 9)
            c.drawString(262, 47, "Some commands may have changed since publication. Please see")
            c.drawString(262, 35, "the manual for the current syntax. (Links: local,")
            c.drawString(262, 23, "CTAN, GitHub.)")
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_footer_over_a_doi_beside_a_note_goes_and_the_note_reads_whole():
    """TUGboat's first page sets the author's name, which runs at the foot of every other
    page, over a DOI beside a note across the gutter, the lines of the three
    interleaved: the name was no edge line (it reaches into the outer band, over the
    note's lower lines), and the note was read with the name and the DOI inside it."""
    doc = read_bytes(_footer_pdf(), "tugboat.pdf")
    first = " ".join(doc.segments[0].text.split())
    assert "Max Chernoff" not in first, first[-300:]
    assert "Please see the manual for the current syntax. (Links: local, CTAN, GitHub.)" in first, first[-300:]
    assert "doi.org/10.47397/tb/43-1/tb133chernoff-widows" in first
    assert all("Max Chernoff" not in seg.text for seg in doc.segments)


def _newsletter_pdf() -> bytes:
    """A four-page newsletter of two columns whose heads alternate, set a little further in
    than the page's outer band: its name on pages 2 and 4, the publisher's line on page 3
    (newsletr's sample)."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    heads = {1: "Lights Out!", 2: "The Robert R. McCammon Newsletter", 3: "Lights Out!"}
    for page in range(4):
        if page in heads:
            c.setFont("Helvetica-Bold", 11)
            c.drawCentredString(297, 784, heads[page])
        c.setFont("Helvetica", 9)
        for k, x in enumerate((54, 316)):
            for row, line in enumerate(_column_lines(10 * page + 5 * k)[:50]):
                c.drawString(x, 708 - 11 * row, line)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_short_newsletters_alternate_heads_go():
    """newsletr's four pages alternate their heads, each on one other page, a little
    inside the outer band: one page was too few for a running line there."""
    doc = read_bytes(_newsletter_pdf(), "newsletter.pdf")
    assert [s.number for s in doc.segments] == [1, 2, 3, 4]
    assert all("Lights Out!" not in seg.text for seg in doc.segments)
    assert "Survey 11 " in doc.segments[1].text


def test_a_source_listings_numbered_lines_at_a_pages_top_are_kept():
    """thumbs' and pageslts' manuals end in their source, each line numbered, two pages a
    landscape sheet: a page's top line, an empty one ("95") or one alike on nearby tops
    ("227 \\newpage"), was taken for a page number or a running header; the numbers
    counting on down the lines beneath say it is the listing's. The page number goes."""
    slides, n = [], 1
    for page in range(1, 7):
        strings = []
        for k in range(30):
            text = f"{n}" if k == 0 and page % 2 else f"{n} \\newpage" if k == 0 else f"{n} \\section{{Part {n}}}"
            strings.append((127 - 4 * (n >= 100), 592 - 18 * k, text))
            n += 1
        slides.append([*strings, (390, 20, str(page))])
    doc = read_bytes(_deck(slides, size=(792, 612)), "source.pdf")
    pages = {seg.number: seg.text for seg in doc.segments}
    for page in range(1, 7):
        numbers = [int(word) for word in pages[page].split() if word.isdigit()]
        assert numbers == list(range(30 * page - 29, 30 * page + 1)), pages[page][:80]


def test_a_change_logs_labels_on_the_right_page_of_a_two_up_sheet_stay_out_of_the_left_page():
    """2up sets two pages a landscape sheet; the right one's change log hangs a version
    ("V0.9a") beside each entry, so most of that page's lines hold a word or two and the
    gap between the pages was not taken for a gutter: read by rows, the versions fell
    into the left page's sentences."""
    left = []
    for k in range(10):
        left += [
            (54, 500 - 24 * k, f"Sentence {k} of the left page tells how the layout option adjusts the"),
            (54, 488 - 24 * k, f"margins of the sheet and then ends here as number {k}."),
        ]
    right = []
    for k in range(10):
        right += [(472, 500 - 24 * k, f"V0.{k}a"), (510, 500 - 24 * k, f"Entry {k} fixed some bugs")]
        right.append((510, 488 - 24 * k, "page number."))
    (page,) = read_bytes(_deck([left + right], size=(842, 595)), "sheet.pdf").segments
    text = " ".join(page.text.split())
    for k in range(10):
        sentence = f"Sentence {k} of the left page tells how the layout option adjusts the margins of the sheet"
        assert f"{sentence} and then ends here as number {k}." in text, text[:300]


ABSTRACT = (
    "This paper is an example and template for the journal class. "
    "Papers typeset in this class will follow the journal's style for margins, fonts, headings and captions. "
    "The file produced will include internal and external links, bookmarks and metadata. "
    "This style produces modern reference formats, following current styles and including linked fields. "
    "In addition, section headers may contain mathematics, references, citations and footnotes."
)
AUTHORS = (
    "Author Name",
    "Department of Mechanical Engineering,",
    "Institution or Company Name,",
    "Street address,",
    "email: xxx@yyy.zzz",
)
TERMS = (
    ("\\maketitle", "Sets the title block with the authors and the abstract beside them."),
    ("\\keywords{..}", "Gives the keywords, which are set in a line under the abstract."),
    ("\\date{..}", "Replaces the date in the footnote under the first column of the paper."),
)


def _side_block_pdf() -> bytes:
    """A first page: the authors' block (short lines, right-aligned) beside the abstract,
    on its baselines (asmejour-template, dc-sample's keywords), over two columns of prose;
    in the left column a table of commands whose descriptions wrap onto a second line."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    c.setFont("Helvetica-Bold", 18)
    c.drawString(229, 730, "A Template for Journal Papers")
    c.setFont("Helvetica", 7.5)
    for row, line in enumerate(AUTHORS):
        c.drawRightString(197, 700 - 10 * row, line)
    c.setFont("Helvetica", 8.5)
    for row, line in enumerate(simpleSplit(ABSTRACT, "Helvetica", 8.5, 323)):
        c.drawString(229, 700 - 10 * row, line)
    c.setFont("Helvetica", 9)
    for k, x in enumerate((60, 312)):
        for row, line in enumerate(_column_lines(5 * k, width=240)[:30]):
            c.drawString(x, 560 - 12 * row, line)
    for row, (term, description) in enumerate(TERMS):
        c.drawString(60, 180 - 30 * row, term)
        for k, line in enumerate(simpleSplit(description, "Helvetica", 9, 170)):
            c.drawString(130, 180 - 30 * row - 12 * k, line)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_block_beside_an_abstract_on_its_rows_is_read_before_it_and_a_tables_rows_stay():
    """A first page's authors (or keywords) beside its abstract stand on the abstract's
    rows, so the two were taken for a table's columns and read row by row, an address
    inside each sentence ("bookmarks and Street address, metadata"). An abstract's lines
    go on with each other's sentences beside the block's lines; a table's description
    wraps under its own row, so the table below is still read row by row."""
    flat = " ".join(read_bytes(_side_block_pdf(), "template.pdf").segments[0].text.split())
    assert " ".join(AUTHORS) in flat, flat[:600]
    assert ABSTRACT in flat, flat[:600]
    for term, description in TERMS:
        assert f"{term} {description}" in flat, flat[-400:]


COLOPHON = "News, and the software, are brought to you by the Project Team; Copyright 2012, all rights reserved."


def _two_page_news_pdf() -> bytes:
    """A two-page newsletter of two columns: a head alike on both pages, the colophon's
    sentence across page 1's foot, page 2's number at its foot (l3news08)."""
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792))
    for page in range(2):
        c.setFont("Helvetica", 9)
        c.drawString(44, 770, f"Printed for the members of the project team, issue {page + 8}.")
        for k, x in enumerate((44, 309)):
            for row, line in enumerate(_column_lines(10 * page + 5 * k)[:50]):
                c.drawString(x, 700 - 12 * row, line)
        if page == 0:
            c.drawString(44, 28, COLOPHON)
        else:
            c.drawString(545, 28, "–2")
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_sentence_at_the_foot_of_one_page_of_two_is_body_text():
    """In a document of two pages there is no third to compare an edge line with, so a
    line in the outer band set apart from the text went: l3news' colophon, a sentence
    across page 1's foot alone. A head the other page repeats still goes."""
    doc = read_bytes(_two_page_news_pdf(), "l3news.pdf")
    first, second = (" ".join(seg.text.split()) for seg in doc.segments)
    assert COLOPHON in first, first[-300:]
    assert "Printed for the members" not in first + second
    assert "–2" not in second


def test_a_dot_that_begins_a_word_set_apart_is_not_a_closing_stop():
    """PDFium ends a line of text before a file's extension set in typewriter type,
    lower on the line (auguide: "to the" and ".aux file."): the two boxes a word space
    apart were joined without one, as a full stop joins its word ("to the.aux file")."""
    boxes = [
        (54.2, 164.4, 298.3, 173.3, "the \\cite macros used in the manuscript are written out"),
        (54.2, 154.3, 81.2, 161.3, "to the"),
        (88.3, 151.9, 298.7, 161.9, ".aux file. Then BibTeX should be run (if the"),
        (54.3, 140.2, 298.7, 149.4, "manuscript is called paper.tex, the command would be"),
    ]
    (text,) = page_texts([PageBoxes(612, 792, boxes)])
    assert "written out to the .aux file. Then" in " ".join(text.split()), text


def test_a_head_of_small_rows_stacked_at_a_code_pages_pitch_goes_whole():
    """A head of three small rows ("Released"; the title beside the date; the version),
    set 7 pt apart, over a page of code at the same 7 pt pitch: the rows under the outer
    one are no closer than the body's lines, but the head begins in the outer band and is
    set apart from the body, so it goes whole there as on the pages of prose."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for n in range(1, 7):
        c.setFont("Helvetica", 5)
        c.drawString(496, 792, "Released")
        c.drawString(473, 785, "June 20th, 2019")
        c.drawString(501, 778, "v1.0.17")
        c.setFont("Helvetica", 12)
        c.drawString(269, 779, "Handbook")
        if n == 4:  # a page of code, set solid
            c.setFont("Courier", 6)
            for j in range(60):
                c.drawString(72, 740 - 7 * j, f"\\setvalue{{key{j}}}{{value on page {n}}}%")
        else:
            c.setFont("Helvetica", 10)
            for j in range(30):
                c.drawString(72, 740 - 14 * j, f"Body line {j} of page {n}, a sentence of prose.")
        c.showPage()
    c.save()
    texts = [seg.text for seg in read_bytes(buf.getvalue(), "head.pdf").segments]
    assert len(texts) == 6
    for text in texts:
        assert "Handbook" not in text and "June 20th" not in text and "Released" not in text
    assert "\\setvalue{key59}{value on page 4}%" in texts[3]


def test_a_body_line_further_in_that_begins_with_the_running_header_keeps_it():
    """The running header is the document's name; a page's text ends half-way down with a
    paragraph of one line that begins with that name, set apart from the text above and
    the footer below: an edge line, but not in the outer band where running lines stand,
    so its first word stays (tlc-article's last page of commands)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for n in range(1, 7):
        c.setFont("Helvetica", 10)
        c.drawString(269, 800, "Handbook")
        c.drawString(280, 30, f"Page {n}")
        for j in range(20 if n == 3 else 50):
            c.drawString(72, 760 - 14 * j, f"Body line {j} of page {n}, a sentence of prose.")
        if n == 3:
            c.drawString(72, 760 - 14 * 22, "Handbook readers find its index at the end.")  # a paragraph apart
        c.showPage()
    c.save()
    texts = [seg.text for seg in read_bytes(buf.getvalue(), "name.pdf").segments]
    assert "Handbook readers find its index at the end." in texts[2]
    assert all(not text.startswith("Handbook") for text in texts)


def test_a_logos_mirrored_e_drawn_after_the_next_word_is_read_in_place():
    """XeSearch's and XeIndex's logos draw the mirrored E, lowered, back over the X, its
    origin just past where the next word starts: PDFium's text has it after that word, or
    after the next logo on the line (xesearch, xeindex: "X Index is built on X E Search,
    which finds words. E"). By its place the E goes after its X, as both reference
    extractors read it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def width(s: str) -> float:
        return stringWidth(s, "Helvetica", 10)

    second = "Index is built on X"
    words = 72 + width("The X") + width("E") - 1  # the E kerned back over the X's end
    after = words + width(second) + width("E") - 1
    content = b"""BT /F1 10 Tf 72 700 Td (The X) Tj ET
BT /F1 10 Tf -1 0 0 1 %.2f 697.8 Tm (E) Tj ET
BT /F1 10 Tf %.2f 700 Td (%s) Tj ET
BT /F1 10 Tf -1 0 0 1 %.2f 697.8 Tm (E) Tj ET
BT /F1 10 Tf %.2f 700 Td (Search, which finds words.) Tj ET
BT /F1 10 Tf 72 686 Td (The next line follows it here.) Tj ET""" % (
        words + 0.3,
        words,
        second.encode(),
        after + 0.3,
        after,
    )
    text = " ".join(read_bytes(_raw_pdf(content), "xeindex.pdf").segments[0].text.split())
    assert "The XEIndex is built on XESearch, which finds words. The next line follows it here." in text
