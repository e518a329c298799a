"""From fetched bytes to a document's main text, title and date.

HTML goes through :mod:`worker.web.extraction` (trafilatura with its defaults, resiliparse
where trafilatura keeps too little of the page: main text without navigation, cookie
banners and footers; one paragraph, list item or table row a line; trafilatura's title,
author and date). PDFs are recognised by their bytes
(``%PDF-``), not by a URL suffix, and read by :mod:`search.documents` (pypdfium2),
like every file of a corpus folder (``file:`` URLs: PDF, DOCX, PPTX, EPUB, ODT, HTML,
Markdown, text); those documents carry ``marks`` (page, slide or heading path by
character offset) for citations to the page. Web text and Markdown
pass through. Bytes are decoded with the declared charset, then a ``<meta>``
charset, then charset_normalizer's guess, so a windows-1252 or Shift_JIS page
comes out right. Whatever fails becomes an :class:`ExtractError` with the URL.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from charset_normalizer import from_bytes

from deepref.reference.locators import Mark, marks_from
from deepref.search.documents.limits import DEFAULT_LIMITS, ReadLimits
from deepref.worker.errors import ExtractError
from deepref.worker.web.pages import FetchedPage

log = logging.getLogger(__name__)


if TYPE_CHECKING:
    from deepref.worker.web.extraction.html import HtmlText

_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_\-:.]+)""", re.I)
_HTML_HINT = re.compile(rb"<\s*(?:!doctype\s+html|html|head|body|p|div)\b", re.I)


@dataclass(frozen=True, slots=True)
class Document:
    id: str
    url: str
    title: str
    date: str | None
    text: str
    content_type: str
    author: str | None = None
    site: str | None = None
    marks: tuple[Mark, ...] = ()
    """Where each page, slide or section starts in ``text`` (documents only)."""
    cut: tuple[str, ...] = ()
    """What of the document was not read: a repeated part read once, text past a limit
    (DEEPREF_DOCUMENT_*, DEEPREF_OCR_*), each a sentence naming the file."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "marks", marks_from(self.marks))  # dicts after a JSON round trip
        object.__setattr__(self, "cut", tuple(self.cut))


def decode(body: bytes, declared: str | None) -> str:
    """Text of ``body``: declared charset, else ``<meta charset>``, else a guess."""
    for candidate in (declared, _meta_charset(body)):
        if candidate:
            try:
                return body.decode(candidate)
            except (LookupError, UnicodeDecodeError):
                continue
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        best = from_bytes(body).best()
        return str(best) if best is not None else body.decode("utf-8", errors="replace")


def _meta_charset(body: bytes) -> str | None:
    match = _META_CHARSET.search(body[:4096])
    return match.group(1).decode("ascii", errors="ignore") if match else None


def extract(page: FetchedPage, *, doc_id: str, limits: ReadLimits = DEFAULT_LIMITS) -> Document:
    """The page's text; a PDF or a corpus file is read within ``limits``."""
    if page.body[:5] == b"%PDF-" or urlsplit(page.url).scheme == "file":
        return _read_document(page, doc_id, limits)
    text = decode(page.body, page.charset)
    if page.content_type in ("text/html", "application/xhtml+xml") or (
        page.content_type == "text/plain" and _HTML_HINT.search(page.body[:2048])
    ):
        got = _html(page, text)
        return _document(page, doc_id, got.title, got.date, got.text, "text/html", got.author, got.site)
    title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.strip()), "")[:200]
    return _document(page, doc_id, title, None, text, page.content_type)


def _document(
    page: FetchedPage,
    doc_id: str,
    title: str,
    date: str | None,
    text: str,
    kind: str,
    author: str | None = None,
    site: str | None = None,
) -> Document:
    text = text.replace("\r\n", "\n").replace("\x00", "").strip()
    if not text:
        raise ExtractError(f"no readable text in {page.final_url}", url=page.url, reason="no-text")
    return Document(doc_id, page.final_url, (title or page.final_url).strip(), date, text, kind, author, site)


def _html(page: FetchedPage, html: str) -> HtmlText:
    from deepref.worker.web.extraction.html import HtmlParseError, extract_html

    try:
        got = extract_html(html, page.final_url)
    except HtmlParseError as exc:
        reason = "malformed-html"
        raise ExtractError(f"could not parse HTML of {page.final_url}: {exc}", url=page.url, reason=reason) from exc
    log.debug("extracted %s with %s (%s page)", page.final_url, got.method, got.kind)
    return got


def _read_document(page: FetchedPage, doc_id: str, limits: ReadLimits) -> Document:
    """A PDF from anywhere, or any file of a corpus folder, with its page/slide/section marks."""
    from deepref.search.documents import DocumentError, read_bytes
    from deepref.search.documents.beneath import shown_name

    # the readers put the name in their messages: a %0A or %1B in a URL must not reach a log raw
    name = shown_name(PurePosixPath(unquote(urlsplit(page.final_url).path)).name or "document.pdf")
    try:
        doc = read_bytes(page.body, name, limits)
    except DocumentError as exc:
        reason = "malformed-pdf" if exc.reason == "corrupt" and page.body[:5] == b"%PDF-" else exc.reason
        raise ExtractError(f"could not read {page.final_url}: {exc}", url=page.url, reason=reason) from exc
    for warning in doc.notes:
        log.warning("%s: %s", page.final_url, warning)
    text, marks = doc.text_and_marks()
    return replace(_document(page, doc_id, doc.title, None, text, doc.content_type), marks=marks, cut=doc.cut)
