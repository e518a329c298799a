"""A :class:`~export.model.Document` as a Word file (DOCX) with real footnotes.

python-docx (1.2) writes headings, paragraphs, styles and relationships but has no
footnote API, so the footnotes part is written here through its OXML layer: a
``word/footnotes.xml`` part (its content type is declared by python-docx's package
writer from the part), related to the document, the two separator notes Word expects,
and the ``FootnoteText`` / ``FootnoteReference`` styles. Each marker of the answer is a
``w:footnoteReference``, numbered by the reader as footnotes are (1, 2, 3 … in reading
order); each note starts with the source's number in the answer (``[3]``, the number of
the reference list and the bibliography files), then the source's linked title, the
quotes that support the claim and their page, linked with ``#page=``. (A custom mark,
``customMarkFollows``, would show the source's number in the text, but LibreOffice
prints it twice in the note.)

The answer's Markdown is read with markdown-it (the parser of ``reference.html``):
headings, paragraphs, lists, quotes, code, tables, emphasis and links. A paragraph
whose first strong character is right-to-left is a bidi paragraph, and its runs of
Arabic or Hebrew are marked ``w:rtl``, so Word and LibreOffice order them right.
"""

from __future__ import annotations

import io
import re
from typing import Any

from markdown_it import MarkdownIt

from deepref.export.errors import ExportUnavailable
from deepref.export.model import RTL_CHAR, Document, Note, Quote, Section
from deepref.export.model import strong_rtl as _strong_rtl
from deepref.reference.html import safe_url

_md = MarkdownIt("commonmark", {"html": False}).enable("table")
_OPEN, _CLOSE = "\ue000", "\ue001"
_PLACEHOLDER = re.compile(f"{_OPEN}(\\d+){_CLOSE}")
_RTL_CHAR = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
_STRONG = re.compile(
    r"[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0590-\u08ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]"
)
_EAST_ASIAN = {"zh": "Noto Sans CJK SC", "ja": "Noto Sans CJK JP", "ko": "Noto Sans CJK KR"}
FOOTNOTE_STYLES = """
<w:style xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" w:type="paragraph"
  w:styleId="FootnoteText"><w:name w:val="footnote text"/><w:basedOn w:val="Normal"/><w:uiPriority w:val="99"/>
  <w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:rPr><w:sz w:val="18"/></w:rPr></w:style>
<w:style xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" w:type="character"
  w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:uiPriority w:val="99"/>
  <w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>
<w:style xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" w:type="character"
  w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:uiPriority w:val="99"/>
  <w:rPr><w:color w:val="1A4F9C"/><w:u w:val="single"/></w:rPr></w:style>
"""
_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


class _Writer:
    """One DOCX being written: the document, its footnotes part, and the note counter."""

    def __init__(self, doc: Document):
        try:  # the 'export' extra (python-docx): imported when a DOCX is asked for
            import docx
        except ImportError as exc:
            raise ExportUnavailable("docx", "python-docx", exc) from None
        from docx.opc.constants import CONTENT_TYPE, RELATIONSHIP_TYPE
        from docx.opc.packuri import PackURI
        from docx.opc.part import Part
        from docx.oxml.ns import qn
        from docx.oxml.parser import OxmlElement, parse_xml

        self.qn, self.el, self.parse = qn, OxmlElement, parse_xml
        self.RT = RELATIONSHIP_TYPE
        self.doc = doc
        self.out = docx.Document()
        self.rtl = doc.rtl
        self._styles()
        self.footnotes = parse_xml(
            f'<w:footnotes xmlns:w="{_W}" '
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            '<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" '
            'w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:footnote>'
            '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" '
            'w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'
            "</w:footnotes>"
        )
        self.notes_part = Part(PackURI("/word/footnotes.xml"), CONTENT_TYPE.WML_FOOTNOTES, b"", self.out.part.package)
        self.out.part.relate_to(self.notes_part, RELATIONSHIP_TYPE.FOOTNOTES)
        self.next_id = 1
        self.bookmark_id = 0

    def _styles(self) -> None:
        styles = self.out.styles.element
        for style in self.parse(f"<x xmlns:w='{_W}'>{FOOTNOTE_STYLES}</x>"):
            styles.append(style)
        # the fonts for East Asian and complex scripts (Arabic, Hebrew), and the language
        lang = self.doc.language or "en"
        defaults = styles.find(self.qn("w:docDefaults"))
        rpr = defaults.find(f"{self.qn('w:rPrDefault')}/{self.qn('w:rPr')}") if defaults is not None else None
        if rpr is not None:
            fonts = rpr.find(self.qn("w:rFonts"))
            if fonts is None:
                fonts = self.el("w:rFonts")
                rpr.insert(0, fonts)
            fonts.set(self.qn("w:eastAsia"), _EAST_ASIAN.get(lang, "Noto Sans CJK SC"))
            fonts.set(self.qn("w:cs"), "DejaVu Sans")
            language = rpr.find(self.qn("w:lang"))
            if language is None:
                language = self.el("w:lang")
                rpr.append(language)
            language.set(self.qn("w:val"), lang if lang not in _EAST_ASIAN else "en-US")
            if lang in _EAST_ASIAN:
                language.set(self.qn("w:eastAsia"), lang)
            if self.rtl:
                language.set(self.qn("w:bidi"), lang)

    # -- runs ---------------------------------------------------------------------------

    def run(self, parent, text: str, *, bold=False, italic=False, code=False, style: str = "") -> None:
        r = self.el("w:r")
        rpr = self.el("w:rPr")
        if style:
            s = self.el("w:rStyle")
            s.set(self.qn("w:val"), style)
            rpr.append(s)
        if code:
            f = self.el("w:rFonts")
            for k in ("w:ascii", "w:hAnsi", "w:cs"):
                f.set(self.qn(k), "DejaVu Sans Mono")
            rpr.append(f)
        if bold:
            rpr.append(self.el("w:b"))
        if italic:
            rpr.append(self.el("w:i"))
        if RTL_CHAR.search(text):
            rpr.append(self.el("w:rtl"))
        if len(rpr):
            r.append(rpr)
        t = self.el("w:t")
        t.text = text
        t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
        r.append(t)
        parent.append(r)

    def link(self, parent, url: str, text: str, part=None) -> None:
        """An external hyperlink, or the text alone for a URL no reader should follow. Its
        ``r:id`` is a relationship of the part the link is in (``part``: the footnotes'
        own, else the document's)."""
        href = safe_url(url, allow_file=True)
        if not href:
            self.run(parent, text)
            return
        rid = (part or self.out.part).relate_to(href, self.RT.HYPERLINK, is_external=True)
        h = self.el("w:hyperlink")
        h.set(self.qn("r:id"), rid)
        self.run(h, text, style="Hyperlink")
        parent.append(h)

    def paragraph(self, style: str | None = None, text_hint: str = ""):
        p = self.out.add_paragraph(style=style)._p
        if self.rtl if (d := _strong_rtl(text_hint)) is None else d:
            ppr = p.get_or_add_pPr()
            ppr.append(self.el("w:bidi"))  # type: ignore[arg-type]  # python-docx's stubs type only its own children
        return p

    # -- footnotes ----------------------------------------------------------------------

    def footnote(self, parent, note: Note) -> None:
        """A footnote at this point of ``parent``: ``[n] Title: “quote” (p. 17)``."""
        fid = self.next_id
        self.next_id += 1
        ref = self.el("w:footnoteReference")
        ref.set(self.qn("w:id"), str(fid))
        parent.append(self._mark(ref))

        fn = self.el("w:footnote")
        fn.set(self.qn("w:id"), str(fid))
        p = self.el("w:p")
        ppr = self.el("w:pPr")
        ps = self.el("w:pStyle")
        ps.set(self.qn("w:val"), "FootnoteText")
        ppr.append(ps)
        hint = " ".join(q.text for q in note.quotes) or note.title  # the quotes decide, else the title
        if self.rtl if (d := _strong_rtl(hint)) is None else d:
            ppr.append(self.el("w:bidi"))
        p.append(ppr)
        p.append(self._mark(self.el("w:footnoteRef")))  # the note's own number, as the reader counts
        self.run(p, f" [{note.n}] ")
        self.link(p, note.link, note.title or note.link, self.notes_part)
        for i, q in enumerate(note.quotes):
            self.run(p, ": " if i == 0 else " … ")
            self.quote(p, q, self.notes_part)
        fn.append(p)
        self.footnotes.append(fn)  # type: ignore[arg-type]

    def _mark(self, child):
        """A run in the ``FootnoteReference`` style holding ``child`` (the reference in
        the text, or the number at the start of the note)."""
        run, props, style = self.el("w:r"), self.el("w:rPr"), self.el("w:rStyle")
        style.set(self.qn("w:val"), "FootnoteReference")
        props.append(style)
        run.append(props)
        run.append(child)
        return run

    def quote(self, p, q: Quote, part=None) -> None:
        self.run(p, f"“{q.text}”")
        if q.where:
            self.run(p, " (")
            self.link(p, q.link, q.where, part)
            self.run(p, ")")

    def bookmark(self, p, name: str) -> None:
        start, end = self.el("w:bookmarkStart"), self.el("w:bookmarkEnd")
        start.set(self.qn("w:id"), str(self.bookmark_id))
        start.set(self.qn("w:name"), name)
        end.set(self.qn("w:id"), str(self.bookmark_id))
        self.bookmark_id += 1
        p.insert(1 if p.pPr is not None else 0, start)
        p.append(end)

    # -- Markdown -----------------------------------------------------------------------

    def answer(self, section: Section, shift: int) -> None:
        out, prev = [], 0
        for i, (start, end, _) in enumerate(section.markers):
            out.append(section.answer[prev:start])
            out.append(f"{_OPEN}{i}{_CLOSE}")
            prev = end
        out.append(section.answer[prev:])
        tokens = _md.parse("".join(out))
        self._blocks(tokens, section.notes, shift)

    def _blocks(self, tokens: list[Any], notes: tuple[Note, ...], shift: int) -> None:
        lists: list[str] = []
        quote = 0
        para_style: str | None = None
        i = 0
        while i < len(tokens):
            tok = tokens[i]
            kind = tok.type
            if kind in ("bullet_list_open", "ordered_list_open"):
                lists.append("List Bullet" if kind.startswith("bullet") else "List Number")
            elif kind in ("bullet_list_close", "ordered_list_close"):
                lists.pop()
            elif kind == "blockquote_open":
                quote += 1
            elif kind == "blockquote_close":
                quote -= 1
            elif kind == "heading_open":
                level = min(9, int(tok.tag[1]) + shift)
                inline = tokens[i + 1]
                p = self.paragraph(f"Heading {level}", inline.content)
                self._inline(p, inline.children or [], notes)
                i += 3
                continue
            elif kind == "paragraph_open":
                para_style = "Quote" if quote else _list_style(lists) if lists else None
            elif kind == "inline":
                p = self.paragraph(para_style, tok.content)
                self._inline(p, tok.children or [], notes)
            elif kind in ("fence", "code_block"):
                for line in tok.content.rstrip("\n").split("\n"):
                    p = self.paragraph(None, "")
                    self.run(p, line, code=True)
            elif kind == "table_open":
                i = self._table(tokens, i, notes)
                continue
            i += 1

    def _table(self, tokens: list[Any], i: int, notes: tuple[Note, ...]) -> int:
        rows: list[list[Any]] = []
        while tokens[i].type != "table_close":
            if tokens[i].type == "tr_open":
                rows.append([])
            elif tokens[i].type == "inline":
                rows[-1].append(tokens[i])
            i += 1
        width = max((len(r) for r in rows), default=0)
        if rows and width:
            table = self.out.add_table(rows=len(rows), cols=width)
            table.style = "Table Grid"
            for r, row in enumerate(rows):
                for c, inline in enumerate(row):
                    cell_p = table.cell(r, c).paragraphs[0]._p
                    self._inline(cell_p, inline.children or [], notes, bold=r == 0)
        return i + 1

    def _inline(self, p, children: list[Any], notes: tuple[Note, ...], bold: bool = False) -> None:
        depth = {"strong": 1 if bold else 0, "em": 0}
        target = p
        for tok in children:
            kind = tok.type
            if kind in ("strong_open", "strong_close", "em_open", "em_close"):
                name, _, edge = kind.partition("_")
                depth[name] += 1 if edge == "open" else -1
            elif kind == "link_open":
                href = safe_url(tok.attrGet("href") or "", allow_file=True)
                if href:
                    target = self.el("w:hyperlink")
                    target.set(self.qn("r:id"), self.out.part.relate_to(href, self.RT.HYPERLINK, is_external=True))
                    p.append(target)
            elif kind == "link_close":
                target = p
            elif kind in ("softbreak", "hardbreak"):
                self.run(target, " ")
            elif kind in ("code_inline", "image"):
                self.run(target, tok.content if kind == "code_inline" else f"[image: {tok.content}]", code=True)
            elif kind in ("text", "html_inline"):
                styled = {"bold": depth["strong"] > 0, "italic": depth["em"] > 0, "link": target is not p}
                self._text(target, tok.content, notes, **styled)

    def _text(self, parent, text: str, notes: tuple[Note, ...], *, bold: bool, italic: bool, link: bool) -> None:
        pos = 0
        for m in _PLACEHOLDER.finditer(text):
            if m.start() > pos:
                self.run(parent, text[pos : m.start()], bold=bold, italic=italic, style="Hyperlink" if link else "")
            self.footnote(parent, notes[int(m.group(1))])
            pos = m.end()
        if pos < len(text):
            self.run(parent, text[pos:], bold=bold, italic=italic, style="Hyperlink" if link else "")

    # -- the document -------------------------------------------------------------------

    def write(self) -> bytes:
        d = self.doc
        p = self.paragraph("Title", d.title)
        self.run(p, d.title)
        if d.subtitle:
            p = self.paragraph("Subtitle", d.subtitle)
            self.run(p, d.subtitle)
        for s in d.sections:
            self.rtl = s.rtl if s.language else d.rtl  # a paragraph with no strong character follows it
            if s.heading:
                p = self.paragraph("Heading 1", s.heading)
                self.run(p, s.heading)
            if s.failed:
                p = self.paragraph(None, "")
                self.run(p, f"This question failed: {s.failed}", italic=True)
            else:
                self.answer(s, shift=1 if s.heading else 0)
        self.rtl = d.rtl
        if d.sources:
            p = self.paragraph("Heading 1", "References")
            self.run(p, "References")
            for src in d.sources:
                p = self.paragraph(None, src.title)
                self.run(p, f"[{src.n}] ", bold=True)
                self.link(p, src.link, src.title)
                shown = src.path or src.url
                if shown and shown != src.title:
                    self.run(p, " — ")
                    self.link(p, src.link, shown)
                self.bookmark(p, f"ref_{src.n}")
                for q in src.quotes:
                    qp = self.paragraph("Quote", q.text)
                    self.quote(qp, q)
        for note in d.notes:
            p = self.paragraph(None, note)
            self.run(p, f"note: {note}", italic=True)
        self.out.core_properties.title = d.title[:255]
        if d.language:
            self.out.core_properties.language = d.language
        from lxml import etree

        self.notes_part._blob = etree.tostring(self.footnotes, xml_declaration=True, encoding="UTF-8", standalone=True)
        buf = io.BytesIO()
        self.out.save(buf)
        return buf.getvalue()


def _list_style(lists: list[str]) -> str:
    depth = min(len(lists), 3)
    return lists[-1] + ("" if depth == 1 else f" {depth}")


def to_docx(doc: Document) -> bytes:
    """The DOCX file's bytes."""
    return _Writer(doc).write()
