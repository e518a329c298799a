"""Ligatures read from their glyph names where PDFium has no Unicode for them: a font
without a ToUnicode map whose /Differences names "T_h", "f_t", "f_f_i" (issue 34)."""

from __future__ import annotations

import codecs
import io
import zlib

import pytest

from deepref.search.documents import read_bytes
from deepref.search.documents.ligatures import (
    Ligatures,
    differences,
    letters,
    ligature_codes,
    names_unknown_ligatures,
)


def _cp1252(name: str) -> codecs.CodecInfo | None:
    return codecs.lookup("cp1252") if name.startswith("ligatures") else None


codecs.register(_cp1252)  # the encodings _words_pdf names, for reportlab to encode with


def _words_pdf(words: list[str], differences: dict[int, str]) -> bytes:
    """A page of ``words`` (a line, each drawn apart, a word space between them) in
    reportlab's Times-Roman with an encoding whose /Differences are ``differences``, no
    ToUnicode map: how gcard's MinionPro names /T_h at 191 and /f_t at 32. Reportlab
    encodes the text with the encoding's name as a codec, here cp1252's: "¿" is code
    191, " " code 32."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfgen import canvas

    name = "ligatures" + "".join(f"x{code}" for code in sorted(differences))
    encoding = pdfmetrics.Encoding(name, "WinAnsiEncoding")
    for code, glyph in differences.items():
        encoding[code] = glyph
    pdfmetrics.registerEncoding(encoding)
    font = f"Times-{name}"
    pdfmetrics.registerFont(pdfmetrics.Font(font, "Times-Roman", name))
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    c.setFont(font, 10)
    x = 72.0
    for word in words:
        c.drawString(x, 700, word)
        x += pdfmetrics.stringWidth(word, font, 10) + 5  # a word space: TeX draws none
    c.showPage()
    c.save()
    return buf.getvalue()


def test_ligatures_at_printable_codes_are_read_as_their_letters():
    """gcard's MinionPro names /T_h at code 191 and /f_t at 32: PDFium read them as "¿"
    and a space ("¿e gcard package", "inside le and right", "a er")."""
    data = _words_pdf(["\u00bfe", "card", "goes", "inside", "le ", "and", "a er", "folding."], {32: "f_t", 191: "T_h"})
    assert b"/Differences [ 32 /f_t 191 /T_h ]" in data
    text = " ".join(read_bytes(data, "card.pdf").segments[0].text.split())
    assert text == "The card goes inside left and after folding."


def test_a_file_without_ligature_names_keeps_its_text_and_is_not_looked_up():
    """Only a file whose /Differences name a ligature PDFium does not know is looked up
    at printable codes (pypdf opening every file cost half the reading time)."""
    data = _words_pdf(["\u00bfQue", "pasa?", "Nada."], {200: "Egrave"})
    assert not names_unknown_ligatures(differences(data)[0])
    assert " ".join(read_bytes(data, "plain.pdf").segments[0].text.split()) == "¿Que pasa? Nada."


def test_ligature_names_inside_an_object_stream_are_found():
    """pdfTeX writes its font dictionaries into compressed object streams."""
    objects = b"5 0 << /Type /Encoding /Differences [32 /f_t 191 /T_h] >>"
    stream = zlib.compress(objects)
    data = (
        b"%%PDF-1.5\n7 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length %d >>\n"
        b"stream\n%s\nendstream\nendobj\n%%%%EOF\n" % (len(stream), stream)
    )
    assert names_unknown_ligatures(differences(data)[0])
    # PDFium reads the first two itself; the third is at control codes, found on the page
    for known in (b"[32 /space 191 /questiondown]", b"[27 /fi /ffi]", b"[27 /f_i /f_f_i]"):
        plain = zlib.compress(b"5 0 << /Type /Encoding /Differences %s >>" % known)
        assert not names_unknown_ligatures(differences(data.replace(stream, plain))[0])


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("T_h", "Th"),
        ("f_t", "ft"),
        ("f_f_i", "\ufb03"),
        ("f_i.alt", "\ufb01"),
        ("uni0066_uni0074", "ft"),
        ("Th", "Th"),
        ("st", "\ufb06"),
        ("fi", "\ufb01"),
        ("one", None),
        ("a_1", None),
        ("space", None),
    ],
)
def test_a_ligatures_glyph_name_gives_its_letters(name, expected):
    assert letters(name) == expected


def test_the_codes_a_files_differences_name_ligatures_at():
    """Read as pypdf reads the arrays (a name's hex escapes too); an array holding
    anything else leaves the codes unknown."""
    assert ligature_codes([b"27 /f_f /fi /A 32 /f#5Ft", b"\n11/ff/fi/fl "]) == {11, 12, 13, 27, 28, 32}
    assert ligature_codes([b"200 /Egrave"]) == frozenset()
    assert ligature_codes([b"27 /fi", b"5 0 R"]) is None


def test_differences_not_all_seen_are_not_whole():
    """An indirect array, or an object stream not inflated whole, leaves pypdf to say."""
    objects = zlib.compress(b"5 0 << /Type /Encoding /Differences [27 /f_f_i] >>")
    stream = b"7 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode >>\nstream\n%s\nendstream\nendobj\n"
    assert differences(b"%PDF-1.5\n" + stream % objects) == ([b"27 /f_f_i"], True)
    assert not differences(b"%PDF-1.5\n" + stream % objects[:-6])[1]
    assert not differences(b"%PDF-1.5\n4 0 obj << /Differences 9 0 R >> endobj\n9 0 obj [27 /fi] endobj\n")[1]


def test_a_page_without_a_character_named_a_ligature_is_not_looked_up():
    """A control character at a code no /Differences of the file names a ligature at (a
    math font's symbol) keeps its text without pypdf opening the file."""
    ligatures = Ligatures(b"%PDF-1.4\n4 0 obj << /Differences [27 /f_f_i 28 /fi] >> endobj\n%%EOF")
    assert ligatures(None, "a \x0e b", 0) == ("a \x0e b", {})  # type: ignore[arg-type]
    assert ligatures._reader is None
    assert ligatures(None, "a \x1b b", 0) == ("a \x1b b", {})  # type: ignore[arg-type]
    assert ligatures._reader is False  # looked up: pypdf could not read it
