r"""Works written as BibTeX, RIS and CSL-JSON, the three files reference managers import.

Each writer takes the works and their keys (``works.cite_keys``) and escapes for
its format: BibTeX's active characters (below), RIS's one-value-per-line rule,
CSL-JSON's dates as ``date-parts``.

BibTeX counts every brace in a value, ``\{`` included, so a page's unpaired ``}``
would end the field and let the rest of its title write entries of its own. A brace
of a source's text is written as ``\{``/``\}`` only when it pairs with another one in
the same value (every reader then counts the pair as balanced, and LaTeX decoders read
it back); an unpaired one becomes ``{\textbraceleft}`` or ``{\textbraceright}``, which
hold their own balanced braces. So every value's braces balance, whichever of the
two ways a reader counts ``\{``. LaTeX's other active
characters are escaped too, ``"`` is braced (babel makes it active), and in names a
comma or a word ``and`` is braced so it cannot split one name into several. URLs
stay verbatim for biber and the url package, except for what cannot sit verbatim in
a braced value (braces, backslash, space, ``"``), which is percent-encoded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from deepref.bibliography.works import Work, clean, split_name

_BIBTEX_SPECIAL = re.compile(r'[\\{}&%$#_^~"]')
_BIBTEX_ESCAPES = {
    "\\": r"{\textbackslash}",
    "{": r"\{",  # paired: see the module's docstring
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "^": r"{\textasciicircum}",
    "~": r"{\textasciitilde}",
    '"': '{"}',
}
_UNPAIRED = {"{": r"{\textbraceleft}", "}": r"{\textbraceright}"}
_URL_UNSAFE = {"\\": "%5C", "{": "%7B", "}": "%7D", " ": "%20", '"': "%22"}
_NAME_SEPARATORS = re.compile(r",|(?<!\S)and(?!\S)", re.IGNORECASE)
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_:.+-]*")


# ---------------------------------------------------------------------------- BibTeX
def bibtex_escape(text: str) -> str:
    """Text for a braced BibTeX value: every character BibTeX or LaTeX would read as
    markup escaped and every brace balanced, so the value cannot end early, start
    another entry or be read as a comment."""
    text = clean(text)
    unpaired = _unpaired_braces(text)
    return _BIBTEX_SPECIAL.sub(
        lambda m: _UNPAIRED[m.group(0)] if m.start() in unpaired else _BIBTEX_ESCAPES[m.group(0)], text
    )


def _unpaired_braces(text: str) -> set[int]:
    """Positions of the braces in ``text`` that close nothing or are never closed."""
    opened: list[int] = []
    unpaired: set[int] = set()
    for i, ch in enumerate(text):
        if ch == "{":
            opened.append(i)
        elif ch == "}":
            if opened:
                opened.pop()
            else:
                unpaired.add(i)
    return unpaired | set(opened)


def _bibtex_url(url: str) -> str:
    """A URL stays verbatim (``_``, ``%`` and ``#`` included); what cannot sit verbatim
    in a braced value is percent-encoded, which keeps it the same URL."""
    return "".join(_URL_UNSAFE.get(c, c) for c in clean(url))


def _name_part(text: str) -> str:
    """A part of a name: escaped, and a comma or a word ``and`` braced, as BibTeX splits
    names only on those outside braces."""
    return _NAME_SEPARATORS.sub(lambda m: "{" + m.group(0) + "}", bibtex_escape(text))


def _bibtex_name(name: str) -> str:
    parts = split_name(name)
    if "literal" in parts:  # an organisation: braces keep BibTeX from splitting it into names
        return "{" + _name_part(parts["literal"]) + "}"
    if "suffix" in parts:  # BibTeX's "von Last, Jr, First"
        return f"{_name_part(parts['family'])}, {_name_part(parts['suffix'])}, {_name_part(parts['given'])}"
    return f"{_name_part(parts['family'])}, {_name_part(parts['given'])}"


_BIBTEX_TYPES = {"article-journal": ("article", "journal"), "paper-conference": ("inproceedings", "booktitle")}


def to_bibtex(works: Sequence[Work], keys: Sequence[str]) -> str:
    """``@misc`` entries (what BibTeX styles and biblatex both print for a web page),
    with biblatex's ``date``/``urldate`` beside BibTeX's ``year``/``month``/``note``; a
    journal article with its journal is ``@article`` (``journal``), a conference paper
    ``@inproceedings`` (``booktitle``); a work's ``doi``, ``eprint`` (arXiv) and ``pmid``
    are written verbatim, as URLs are."""
    entries = []
    for work, key in zip(works, keys, strict=True):
        if not _KEY.fullmatch(key):  # cite_keys makes ASCII keys; anything else would be markup
            raise ValueError(f"{key!r} is not a BibTeX key: use ASCII letters, digits and - _ : . +")
        entry, venue_field = _BIBTEX_TYPES.get(work.kind or "", ("misc", "howpublished"))
        fields: list[tuple[str, str]] = [("title", bibtex_escape(work.title))]
        if work.authors:
            fields.append(("author", " and ".join(_bibtex_name(a) for a in work.authors)))
        if work.venue:
            fields.append((venue_field, bibtex_escape(work.venue)))
        elif work.container:
            entry = "misc"  # an article without its journal is not an @article BibTeX can print
            fields.append(("howpublished", bibtex_escape(work.container)))
        issued = work.issued_parts
        if issued:
            fields.append(("year", str(issued[0])))
            if len(issued) > 1:
                fields.append(("month", str(issued[1])))
            fields.append(("date", _iso(issued)))
        if work.pages:  # the cited pages of a PDF, BibTeX's "--" for ranges
            fields.append(("pages", bibtex_escape(work.page_text("--"))))
        fields += _identifiers(work)
        fields.append(("url", _bibtex_url(work.url)))
        accessed = work.accessed_parts
        if accessed:
            fields.append(("urldate", _iso(accessed)))
        notes = [n for n in (work.notice_text, f"Accessed {_iso(accessed)}" if accessed else None) if n]
        if notes:  # a retraction first: what a reader of the entry must see
            fields.append(("note", bibtex_escape(". ".join(notes))))
        body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
        entries.append(f"@{entry}{{{key},\n{body}\n}}\n")
    return "\n".join(entries)


def _identifiers(work: Work) -> list[tuple[str, str]]:
    """A work's DOI, arXiv eprint and PMID as BibTeX fields, verbatim (as URLs are)."""
    fields = [("doi", _bibtex_url(work.doi))] if work.doi else []
    if work.eprint:
        fields += [("eprint", _bibtex_url(work.eprint)), ("archiveprefix", "arXiv"), ("eprinttype", "arxiv")]
    if work.pmid:
        fields.append(("pmid", _bibtex_url(work.pmid)))
    return fields


def _iso(parts: list[int]) -> str:
    return "-".join([f"{parts[0]:04d}", *(f"{p:02d}" for p in parts[1:])])


# ---------------------------------------------------------------------------- RIS
def _ris_date(parts: list[int]) -> str:
    """RIS dates are ``YYYY/MM/DD/`` with empty parts left blank."""
    padded = [f"{parts[0]:04d}", *(f"{p:02d}" for p in parts[1:])] + [""] * (3 - len(parts))
    return "/".join(padded) + "/"


_RIS_TYPES = {"article-journal": "JOUR", "paper-conference": "CPAPER", "chapter": "CHAP", "book": "BOOK"}


def to_ris(works: Sequence[Work], keys: Sequence[str]) -> str:
    """``ELEC`` records (a scholarly work: ``JOUR``, ``CPAPER``, … with ``DO`` and ``AN``):
    one ``TAG  - value`` per line, one ``AU`` line per author,
    every value on one line (a line break in a title would start a bogus tag), CRLF
    line ends as the format asks, ``ER`` closing each record."""
    lines: list[str] = []
    for work, key in zip(works, keys, strict=True):
        record = [("TY", _RIS_TYPES.get(work.kind or "", "ELEC")), ("ID", key), ("TI", work.title)]
        for author in work.authors:
            parts = split_name(author)
            suffix = f", {parts['suffix']}" if "suffix" in parts else ""
            record.append(("AU", parts.get("literal") or f"{parts['family']}, {parts['given']}{suffix}"))
        if venue := work.venue or work.container:
            record.append(("T2", venue))
        issued = work.issued_parts
        if issued:
            record += [("PY", f"{issued[0]:04d}"), ("DA", _ris_date(issued))]
        accessed = work.accessed_parts
        if accessed:
            record.append(("Y2", _ris_date(accessed)))
        if work.pages:  # start and end of the cited pages
            record += [("SP", work.pages[0][0]), ("EP", work.pages[-1][1])]
        if work.notice_text:
            record.append(("N1", work.notice_text))
        if work.doi:
            record.append(("DO", work.doi))
        if work.eprint:
            record.append(("AN", f"arXiv:{work.eprint}"))
        elif work.pmid:
            record.append(("AN", f"PMID:{work.pmid}"))
        record += [("UR", work.url), ("ER", "")]
        lines += [f"{tag}  - {clean(value)}" for tag, value in record]
        lines.append("")
    return "\r\n".join(lines)


# ---------------------------------------------------------------------------- CSL-JSON
def csl_items(works: Sequence[Work], keys: Sequence[str]) -> list[dict[str, Any]]:
    """CSL-JSON items (``webpage``, or a work's CSL type with its ``DOI``), the input of
    citeproc processors and Zotero's import."""
    items = []
    for work, key in zip(works, keys, strict=True):
        item: dict[str, Any] = {"id": key, "type": work.kind or "webpage", "title": work.title, "URL": work.url}
        if work.authors:
            item["author"] = [split_name(a) for a in work.authors]
        if venue := work.venue or work.container:
            item["container-title"] = venue
        if work.doi:
            item["DOI"] = work.doi
        if work.pmid:
            item["PMID"] = work.pmid
        if work.eprint and work.kind == "article":  # a preprint: its arXiv number, as APA and Chicago cite one
            item["number"] = f"arXiv:{work.eprint}"
            item.setdefault("container-title", "arXiv")
        if work.issued_parts:
            item["issued"] = {"date-parts": [work.issued_parts]}
        if work.accessed_parts:
            item["accessed"] = {"date-parts": [work.accessed_parts]}
        if work.pages:
            item["page"] = work.page_text()
        if work.notice_text:
            item["note"] = work.notice_text
        items.append(item)
    return items


def to_csl_json(works: Sequence[Work], keys: Sequence[str]) -> str:
    return json.dumps(csl_items(works, keys), ensure_ascii=False, indent=2) + "\n"
