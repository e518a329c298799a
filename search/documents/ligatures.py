"""Ligatures that PDFium reads as their font's raw codes: a Type 1 or Type 3 font
without a ToUnicode map whose /Differences names a ligature glyph outside PDFium's glyph
list (Adobe's convention joins its letters by "_": "f_f_i", "T_h", "f_t"; or a name of
its own: "Th", "ft", "st"). PDFium gives such a glyph its code as the character: a
control character at codes under 32 (Linux Libertine's "f_i" at 27: "suffix" read
"su x"), a printable one above (gcard's MinionPro: /T_h at 191 read "¿e gcard package",
/f_t at 32 a space, "a er"). Both reference extractors read the glyph names, and so does
this: the names are looked up in the page's fonts with pypdf (PDFium gives none).

The lookup costs a page about as much as PDFium's reading of it, mostly pypdf opening the
file, so it runs only where it can find something: on a page with a control character,
or in a file whose /Differences (in its objects or its object streams) name a ligature
PDFium does not know at a printable code, found by a scan of the file's bytes (about
1 ms a file); and only on a page holding a character at a code that one of those
/Differences names a ligature at (a math font's symbols at control codes are not)."""

from __future__ import annotations

import ctypes
import io
import re
import zlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from deepref.search.documents.glyphs import gap

if TYPE_CHECKING:
    import pypdfium2 as pdfium

# a code PDFium gives as is, a glyph its font has no Unicode for (not a line break)
CONTROL = re.compile("[\x0b\x0c\x0e-\x1f]")
# a ligature's letters as one character, where Unicode has one (cleanup expands it)
_ONE_CHARACTER = {"ff": "\ufb00", "fi": "\ufb01", "fl": "\ufb02", "ffi": "\ufb03", "ffl": "\ufb04", "st": "\ufb06"}
# ligatures named without "_": the Adobe Glyph List's, which PDFium reads itself (but not
# at a control code), and names of fonts' own, outside it
_LISTED = ("ffi", "ffl", "ff", "fi", "fl")
_UNLISTED = ("ffj", "ffb", "ffh", "ffk", "Th", "ft", "fj", "fb", "fh", "fk", "st", "ct")
_COMPONENT = re.compile(r"[A-Za-z]|uni[0-9A-F]{4}|u[0-9A-F]{4,6}")
# a /Differences array, and a name in it that PDFium has no Unicode for
_DIFFERENCES = re.compile(rb"/Differences\s*\[([^\]]*)\]")
_UNKNOWN = re.compile(rb"/(?:[A-Za-z]\w*_\w+|%b)(?:\.[\w.]*)?(?=[\s/\]]|$)" % "|".join(_UNLISTED).encode())
_TOKEN = re.compile(rb"(\d+)|/[^\s/\[\]()<>{}%]+")  # a code or a glyph name in a /Differences array
_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")  # a name's byte written in hex ("/f#5Fi" is "f_i")
_OBJECT_STREAM = re.compile(rb"/Type\s*/ObjStm\b")
OBJECT_STREAM_MAX = 1 << 23  # bytes of one object stream inflated at most (an object stream holds dictionaries)
# a ligature at a space's code ("f_t" at 32) is followed by no space of PDFium's: one goes
# there where the next glyph stands over this part of the font's size away (a word space)
WORD_GAP = 0.1
_PRIVATE_USE = range(0xE000, 0xF900)  # stand-ins for a ligature of letters Unicode has no one character for


def letters(name: str) -> str | None:
    """The letters of a ligature's glyph name ("f_t" -> "ft", "T_h.alt" -> "Th",
    "uni0066_uni0069" -> "fi"), as one character where Unicode has one ("f_f_i" ->
    U+FB03); None for a name that is not a ligature's."""
    name = name.partition(".")[0]
    if name in _LISTED or name in _UNLISTED:
        return _ONE_CHARACTER.get(name, name)
    parts = name.split("_")
    if len(parts) < 2 or not all(_COMPONENT.fullmatch(p) for p in parts):
        return None
    text = "".join(p if len(p) == 1 else chr(int(p[3:] if p.startswith("uni") else p[1:], 16)) for p in parts)
    return _ONE_CHARACTER.get(text, text)


def differences(data: bytes) -> tuple[list[bytes], bool]:
    """The content of every /Differences array of the file, in its objects and in its
    object streams (inflated, each up to ``OBJECT_STREAM_MAX``), and whether that is all
    of them: False when an object stream was not inflated whole (damaged, encrypted,
    filtered otherwise, cut at the limit) or a /Differences is not an array written in
    place (an indirect one), where only pypdf can say what the fonts name."""
    arrays = [m.group(1) for m in _DIFFERENCES.finditer(data)]
    whole = data.count(b"/Differences") == len(arrays)
    for found in _OBJECT_STREAM.finditer(data):
        start = data.find(b"stream", found.end())
        if start < 0:
            whole = False
            continue
        if b"/DecodeParms" in data[data.rfind(b"obj", 0, found.start()) + 1 : start]:
            whole = False  # a predictor: the inflated bytes are not the objects
        start += len(b"stream")
        start += 2 if data.startswith(b"\r\n", start) else data.startswith((b"\n", b"\r"), start)
        end = data.find(b"endstream", start)
        inflate = zlib.decompressobj()
        try:  # an object stream not deflated, damaged or encrypted: its fonts stay unread
            objects = inflate.decompress(data[start : end if end > 0 else None], OBJECT_STREAM_MAX)
        except zlib.error:
            whole = False
            continue
        whole = whole and inflate.eof and not inflate.unconsumed_tail
        found_here = [m.group(1) for m in _DIFFERENCES.finditer(objects)]
        whole = whole and objects.count(b"/Differences") == len(found_here)
        arrays += found_here
    return arrays, whole


def names_unknown_ligatures(arrays: list[bytes]) -> bool:
    """Whether one of a file's /Differences arrays' contents ``arrays`` (:func:`differences`)
    names a ligature PDFium has no Unicode for at a printable code (at a control code,
    the control character is found on the page: acmart's Libertine names "f_f_i" at 28
    and has a ToUnicode map besides)."""
    return any(_printable_unknown(array) for array in arrays)


def ligature_codes(arrays: list[bytes]) -> frozenset[int] | None:
    """The codes at which the /Differences arrays' contents ``arrays`` name a ligature
    (:func:`letters`), as pypdf reads them (:func:`font_ligatures`); None when an array
    holds anything but codes and names (a reference, a real), which pypdf might read
    otherwise."""
    codes: set[int] = set()
    for array in arrays:
        if _TOKEN.sub(b"", array).strip():
            return None
        for code, token in _names(array):
            name = _ESCAPE.sub(lambda m: bytes([int(m.group(1), 16)]), token[1:])
            if letters(name.decode("latin-1")) is not None:
                codes.add(code)
    return frozenset(codes)


def _printable_unknown(differences: bytes) -> bool:
    """Whether a /Differences array's content names an unknown ligature at code 32 or over."""
    if not _UNKNOWN.search(differences):  # most arrays: one scan, no parsing
        return False
    return any(code >= 32 and _UNKNOWN.fullmatch(token) for code, token in _names(differences))


def _names(differences: bytes) -> Iterator[tuple[int, bytes]]:
    """Each glyph name (with its "/") in a /Differences array's content and the code it
    stands at: a number sets the code of the name after it, each name the next one's."""
    code = 0
    for token in _TOKEN.finditer(differences):
        if token.group(1) is not None:
            code = int(token.group(1))
            continue
        yield code, token.group()
        code += 1


def _spaced(textpage: pdfium.PdfTextPage, text: str, k: int) -> bool:
    """Whether the glyph after ``text[k]`` stands a word space away (``WORD_GAP``), along
    the line (:func:`search.documents.glyphs.gap`, the measure the reader's other spacing
    rules use; it was x distance here, the same on a level line)."""
    import pypdfium2.raw as raw

    if k + 1 >= len(text) or text[k + 1].isspace():
        return False
    return gap(textpage, k, k + 1) > WORD_GAP * raw.FPDFText_GetFontSize(textpage, k)


class FontLigatures(NamedTuple):
    """A font's ligatures by code, and every code its /Differences names."""

    base: str  # its base font without the subset tag, as PDFium names a character's font
    codes: dict[int, str]  # code -> the ligature's letters (one character, see letters())
    named: frozenset[int]


def font_ligatures(font: object) -> FontLigatures:
    """A pypdf font dictionary's ligatures, from its /Differences; pypdf's errors pass to
    the caller."""
    codes: dict[int, str] = {}
    named: set[int] = set()
    base = str(font.get("/BaseFont", "")).lstrip("/").split("+")[-1]  # type: ignore[attr-defined]
    encoding = font.get("/Encoding")  # type: ignore[attr-defined]
    encoding = encoding.get_object() if encoding is not None else None
    if not isinstance(encoding, dict):
        return FontLigatures(base, codes, frozenset())
    code = 0
    for item in encoding.get("/Differences", []):
        item = item.get_object() if hasattr(item, "get_object") else item
        if isinstance(item, int):
            code = item
            continue
        ligature = letters(str(item).lstrip("/"))
        if ligature is not None:
            codes[code] = ligature
        named.add(code)
        code += 1
    return FontLigatures(base, codes, frozenset(named))


class Ligatures:
    """A document's ligatures read from their glyph names, page by page: a character
    PDFium read as a ligature's code becomes the ligature, one character, so that
    PDFium's indices still hold: U+FB00-FB06 where Unicode has one (cleanup expands
    it), else a private-use character the page does not use, with the table that turns
    it into the letters. A code no ligature's name is left as is."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        arrays, whole = differences(data)
        self.printable = names_unknown_ligatures(arrays)  # its pages are looked at without a control character too
        # the characters a page's text must hold for its fonts to name one as a ligature: a
        # control character or one at a printable code (those the lookup looks at) that
        # some /Differences of the file names a ligature; None when not all are known.
        # On the six seen splits 121 of the 147 pages looked up held none (pypdf cost a
        # file 5-130 ms, mostly its page tree)
        codes = ligature_codes(arrays) if whole else None
        self.wanted = None if codes is None else frozenset(chr(c) for c in codes if c >= 32 or CONTROL.match(chr(c)))
        self._reader: object | None = None  # False once pypdf failed to open the file
        # each font object's ligatures, by (object number, generation): a document's pages
        # share their fonts, parsed once
        self._fonts: dict[tuple[int, int], FontLigatures] = {}

    def _names(self, page: int) -> dict[tuple[str, int], str]:
        """(base font without its subset tag, code) -> ligature, over page ``page``'s
        fonts; a code that another font of the same base on the page names otherwise is
        left out (PDFium names a character's font by its base alone, and a TeX font used
        with two encodings is two font objects of one base: gcard's MinionPro-Regular,
        cheatsheet's LinLibertineT)."""
        import pypdf

        if self._reader is False:  # pypdf could not read the file: no ligatures from it
            return {}
        fonts: list[FontLigatures] = []
        try:
            if self._reader is None:
                self._reader = pypdf.PdfReader(io.BytesIO(self.data))
            resources = self._reader.pages[page]["/Resources"]  # type: ignore[attr-defined]
            found = resources.get_object().get("/Font")
            for ref in (found.get_object() if found is not None else {}).values():
                if not isinstance(ref, pypdf.generic.IndirectObject):  # a font written inline
                    fonts.append(font_ligatures(ref.get_object()))
                    continue
                key = (ref.idnum, ref.generation)
                if key not in self._fonts:
                    self._fonts[key] = font_ligatures(ref.get_object())
                fonts.append(self._fonts[key])
        except Exception:  # a file PDFium reads and pypdf does not (or not all of it; pypdf
            # raises many kinds on a hostile file): its ligatures stay codes, its text is read
            self._reader = self._reader or False
        return {
            (font.base, code): ligature
            for font in fonts
            for code, ligature in font.codes.items()
            if all(f.codes.get(code) == ligature for f in fonts if f.base == font.base and code in f.named)
        }

    def __call__(self, textpage: pdfium.PdfTextPage, text: str, page: int) -> tuple[str, dict[int, str]]:
        """``text`` (page ``page``'s) with the codes its fonts name as ligatures replaced,
        and the table that turns the private-use stand-ins into their letters."""
        import pypdfium2.raw as raw

        controls = [m.start() for m in CONTROL.finditer(text)]
        if (not controls and not self.printable) or (self.wanted is not None and self.wanted.isdisjoint(text)):
            return text, {}
        names = self._names(page)
        if not names:
            return text, {}
        printable = "".join({chr(code) for _, code in names if code >= 32 and not CONTROL.match(chr(code))})
        places = controls
        if printable:
            places += [
                m.start()
                for m in re.finditer(f"[{re.escape(printable)}]", text)
                if raw.FPDFText_IsGenerated(textpage, m.start()) != 1  # a space PDFium made, not a glyph
            ]
        if not places:
            return text, {}
        chars = list(text)
        stand_ins: dict[str, str] = {}
        free = (chr(c) for c in _PRIVATE_USE if chr(c) not in text)
        buffer = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        for k in places:
            size = raw.FPDFText_GetFontInfo(textpage, k, buffer, len(buffer), ctypes.byref(flags))
            base = buffer.value.decode("latin-1").split("+")[-1] if size else ""
            ligature = names.get((base, ord(text[k])))
            if ligature is None:
                continue
            if text[k] == " " and _spaced(textpage, text, k):
                ligature += " "
            if len(ligature) > 1:
                if ligature not in stand_ins:
                    stand_ins[ligature] = next(free, "")
                ligature = stand_ins[ligature] or text[k]  # no stand-in left: the code stays
            chars[k] = ligature
        return "".join(chars), {ord(c): ligature for ligature, c in stand_ins.items() if c}
