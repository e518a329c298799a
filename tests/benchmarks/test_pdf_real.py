"""benchmarks/pdf_real.py: the real-PDF truth's rules, on text (no PDF needed)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from benchmarks import pdf_real
from benchmarks.pdf_real import (
    ALL_FILES,
    FILES,
    NAMED_SPLITS,
    _running,
    _sentences,
    _truth_sentences,
    _without,
    split_of,
)


def test_a_truth_sentence_is_prose_not_a_table_row_or_a_contents_entry():
    page = (
        "The option subscriptcorrection improves the spacing of math sub-\nscripts.\n\n"
        "Command \\sun \\earth \\micron \\degr \\arcmin \\arcsec\n\n"
        "Submitting to APS Journals I.4.\n\n"
        "fraction of a degree fraction of an arcminute fraction of an arcsecond"
    )
    assert _sentences(page) == ["The option subscriptcorrection improves the spacing of math subscripts."]


def test_running_lines_recur_in_the_band_and_the_body_keeps_an_outline_entry():
    pages = [
        [
            (f"Journal of Examples {n}", True, False),
            ("Introduction", n == 2, False),
            ("Body text of the page.", False, False),
        ]
        for n in range(1, 11)
    ]
    running, _ = _running(pages)
    assert all(f"Journal of Examples {n}" in lines for n, lines in enumerate(running, start=1))
    assert "Introduction" not in running[1]  # in the band on one page only
    assert _without("Introduction\nOutline\nIntroduction", ["Introduction"]) == "Outline\nIntroduction"


def test_a_running_page_number_leaves_the_body_uncounted_and_a_footer_split_in_two_lines_goes():
    """hobete's footer: pdfminer reads "T. Görlach Inst." as one line, pdftotext as two; its
    "2 / 26" is a running line of digits alone, which the body kept (method 9)."""
    pages = [
        [("T. Görlach Inst.", True, False), (f"{n} / 26", True, False), ("Body text.", False, False)]
        for n in range(1, 11)
    ]
    running, numbers = _running(pages)
    assert running[1] == ["T. Görlach Inst."] and numbers[1] == ["2 / 26"]
    body = _without("Body text.\n\nT. Görlach\n\nInst.\n\n2 / 26\n", running[1] + numbers[1])
    assert body.split() == ["Body", "text."]
    assert _without("Inst. T. Görlach Inst. here\n", running[1]) == "Inst. T. Görlach Inst. here\n"


def test_the_split_is_fixed_by_the_path_and_every_kind_is_in_both():
    assert split_of(next(f for f in FILES if f.path.endswith("sample-sigconf.pdf"))) == "tune"
    kinds = {f.kind for f in FILES}
    for split in ("tune", "held-out"):
        assert {f.kind for f in FILES if split_of(f) == split} == kinds


def test_each_named_split_is_its_own_unseen_files_of_every_kind():
    seen = list(FILES)
    for name, files in NAMED_SPLITS.items():
        assert {split_of(f) for f in files} == {name}
        assert {f.kind for f in files} == {f.kind for f in FILES}
        assert not {f.path for f in seen} & {f.path for f in files}, name
        assert len({f.path for f in files}) == len(files), name
        seen += files
    assert len(ALL_FILES) == len(seen)


def test_the_cached_truths_name_hashes_the_truths_code_not_the_file_lists():
    """A new split's file list must not make every cached truth anew (a CI run then
    re-reads 150 PDFs with two extractors); a change to the truth's rules must."""
    text = Path(pdf_real.__file__).read_bytes()
    lists, _, code = text.partition(b"\nBAND = ")
    assert b"FILES_HELD_OUT_4 = (" in lists and b"def truth_of" in code
    assert hashlib.sha256(code).hexdigest()[:8] == pdf_real._RULES


def test_a_heading_over_a_cell_and_cells_joined_after_a_non_ascii_letter_are_not_one_sentence():
    """Both extractors set a reference card's section title in one block with its first
    cell, and two cells one after the other; the split after a stop knew ASCII only. (The
    cell ending "echo $?." is no sentence: its last word has no lower-case letter.)"""
    page = (
        "Dpkg\nOverride a package’s\nversion of a file.\n\n"
        "Nécessaire dès que ce fichier ou le contenu des dépôts est modifié. Rechercher les paquets et les "
        "descriptions correspondantes.\n\n"
        "Vergleichen zweier Versionsnummern; Ergebnis anzeigen mit echo $?. Abfragen installierter Pakete "
        "nach Format.\n\n"
        "Kontrolle der Prüfsummen installierter Pakete. Überschreiben der Version einer Datei.\n\n"
        "Math fonts are loaded with the option [amsmath]. Non-italicized text comes in a math context.\n\n"
        "The class prints “Typeset by the class”. Fix up the spacing when switching styles."
    )
    assert _sentences(page) == [
        "Override a package’s version of a file.",
        "Nécessaire dès que ce fichier ou le contenu des dépôts est modifié.",
        "Rechercher les paquets et les descriptions correspondantes.",
        "Abfragen installierter Pakete nach Format.",
        "Kontrolle der Prüfsummen installierter Pakete.",
        "Überschreiben der Version einer Datei.",
        "Math fonts are loaded with the option [amsmath].",
        "Non-italicized text comes in a math context.",
        "The class prints “Typeset by the class”.",
        "Fix up the spacing when switching styles.",
    ]


def test_a_table_head_a_one_word_title_and_cells_after_a_link_are_not_one_sentence():
    """A column head over its first row, a one-word section title ("dpkg"), and cells
    whose text ends with a link, before the next cell's capital, which both extractors
    join into one block."""
    page = (
        "Details and Usage\nControl the location of the footnotes.\n\n"
        "dpkg\nAfficher la liste des paquets installés.\n\n"
        "All information about it at https://www.debian.org/\ndevel/debian-installer/\nDownload from "
        "https://www.debian.org/distrib/\nE.g. to set up the network w/o DHCP or to adapt the installation."
    )
    assert _sentences(page) == [
        "Control the location of the footnotes.",
        "Afficher la liste des paquets installés.",
        "E.g. to set up the network w/o DHCP or to adapt the installation.",
    ]


def test_a_cells_last_word_ending_a_sentence_in_the_band_is_not_running():
    """On a two-page card a cell's last line ("pacchetto.") falls in the bottom band of
    both pages: body text, not a running line."""
    pages = [
        [("Debian Reference Card", True, False), ("pacchetto.", True, False), ("Body.", False, False)] for _ in range(2)
    ]
    assert _running(pages)[0] == [["Debian Reference Card"], ["Debian Reference Card"]]


def test_text_parked_off_the_page_is_not_a_running_line():
    """beamer-fuberlin parks a frame's points not yet uncovered 2,000 points off the page:
    pdfminer read them in the top band, and the truth counted them as running (method 9)."""
    import io

    from reportlab.pdfgen import canvas

    from benchmarks.pdf_real import _pdfminer

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(363, 272))
    c.setFont("Helvetica", 8)
    c.drawString(30, 200, "A point shown on the slide.")
    c.drawString(2030, 2190, "A point not yet uncovered.")
    c.showPage()
    c.save()
    texts, lines = _pdfminer(buf.getvalue())
    assert [text for text, _, _ in lines[0]] == ["A point shown on the slide."]
    assert "uncovered" not in texts[0]


def _pdf(pages: list[list[tuple[float, float, str]]]) -> bytes:
    """A PDF of 600 x 400 pages, each text drawn at its (x, y) in 8-point Helvetica."""
    import io

    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(600, 400))
    for page in pages:
        c.setFont("Helvetica", 8)
        for x, y, text in page:
            c.drawString(x, y, text)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_pages_built_one_on_another_count_once_so_their_band_lines_are_not_running():
    """beamer-verona's "Options" frames each add one point to the last, its headline shown
    on them alone: six pages that are builds of one another are one page to the running
    rule, as a frame's overlays, so the band lines they repeat are not running (method 14)."""
    from benchmarks.pdf_real import _pdfminer

    points = ["Why options matter to us", "How the boxes are drawn", "What the listing shows", "Where to go on"]
    points += ["Whom to ask for help", "When the frame is done", "Which colours we chose", "Thanks to the readers"]
    pages = [
        [(30, 385, "The section The subsection"), (30, 15, "A Theme for Beamer")]
        + [(30, 330 - 30 * k, text) for k, text in enumerate(points[: 3 + n])]
        for n in range(6)
    ]
    _, lines = _pdfminer(_pdf(pages))
    assert [text for text, band, _ in lines[5] if band] == ["The section The subsection", "A Theme for Beamer"]
    assert _running(lines)[0] == [[]] * 6


def test_a_card_cells_first_line_running_on_into_the_next_is_not_running():
    """refcard-ru: a cell's first line "Вывести список пакетов," lies in the band on both
    pages of a two-page card (a column's top, then a foot), its next line in the same text
    box: a sentence's head, not a running line; the card's title is (method 14)."""
    from benchmarks.pdf_real import _pdfminer

    cell = "List the packages,"
    pages = [
        [(400, 385, "Debian Reference Card"), (30, 372, cell), (30, 362, "which this one needs to work.")],
        [(400, 385, "Debian Reference Card"), (30, 24, cell), (30, 14, "which need this one to work.")],
    ]
    _, lines = _pdfminer(_pdf(pages))
    assert (cell, True, True) in lines[0] and (cell, True, True) in lines[1]
    assert _running(lines)[0] == [["Debian Reference Card"], ["Debian Reference Card"]]


def test_an_accent_drawn_apart_is_composed_with_its_letter():
    """pdftotext gives beamer-fuberlin's OT1 umlaut as a combining mark (method 10)."""
    assert _sentences("Die Vorlage folgt der Einfu\u0308hrung in die Welt.") == [
        "Die Vorlage folgt der Einführung in die Welt."
    ]


def test_a_kern_before_a_closing_angle_bracket_is_not_a_space():
    """usrguide's meta-variable "⟨cmd\\/⟩": its italic correction passes both extractors'
    space threshold after some letters only ("⟨cmd ⟩" beside "⟨code⟩"; method 11)."""
    assert _sentences("This copies the definition of ⟨existing-cmd ⟩ to ⟨cmd ⟩ and ⟨code⟩ here.") == [
        "This copies the definition of ⟨existing-cmd⟩ to ⟨cmd⟩ and ⟨code⟩ here."
    ]


def test_an_italic_correction_before_a_closing_bracket_or_comma_is_not_a_space():
    """An italic letter's correction before ")" or ",", which both extractors read as a
    space ("(AP )", "(x ,y)"; method 13); a word space before "(" stays."""
    assert _sentences("G lies on (BC ) and on (AP), at (x ,y) as the note (here) says.") == [
        "G lies on (BC) and on (AP), at (x,y) as the note (here) says."
    ]


def test_a_sentence_whose_text_stands_elsewhere_too_is_not_truth():
    """papertex's newspaper repeats its placeholder Latin: a sentence each extractor cuts
    once can still stand inside a longer sentence on another page, where the reader's
    first copy and the engine's cited copy differ; its text must occur once in each
    extractor's whole text (method 12; the old rule counted whole sentences)."""
    page_1 = "Aenean faucibus nunc vitae. Donec at lorem ipsum gravida sed.\n\nCurabitur ac leo nunc vel mauris est."
    page_2 = "Quote of the day: Donec at lorem ipsum\ngravida sed.\n\nPellentesque habitant morbi tristique senectus."
    pdfminer_2 = (
        "Pellentesque habitant morbi tristique senectus.\n\nQuote of the day: Donec at lorem ipsum gravida sed."
    )
    assert _truth_sentences([page_1, page_2], [page_1, pdfminer_2]) == [
        ("Curabitur ac leo nunc vel mauris est.", 1),
        ("Quote of the day: Donec at lorem ipsum gravida sed.", 2),
        ("Pellentesque habitant morbi tristique senectus.", 2),
    ]
    # a sentence on one page only in one extractor, or twice on one page, is not truth either
    assert _truth_sentences([page_1], [page_2]) == []
    twice = "Curabitur ac leo nunc vel mauris est. Curabitur ac leo nunc vel mauris est."
    assert _truth_sentences([twice], [twice]) == []
