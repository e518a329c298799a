"""EPUB: the spine's XHTML chapters in reading order, sectioned by their headings.

A chapter the spine names again is read once (the repeat is named), and chapters are
read until the file's character budget is spent (:mod:`search.documents.limits`)."""

from __future__ import annotations

import posixpath

from deepref.search.documents.limits import Budget
from deepref.search.documents.markup import html_sections
from deepref.search.documents.models import DocumentError, ReadDocument
from deepref.search.documents.safezip import SafeZip
from deepref.search.documents.sections import Sections

CONTAINER = "{urn:oasis:names:tc:opendocument:xmlns:container}"
OPF = "{http://www.idpf.org/2007/opf}"
DC = "{http://purl.org/dc/elements/1.1/}"


def read_epub(data: bytes, name: str, budget: Budget) -> ReadDocument:
    z = SafeZip(data, name)
    rootfile = z.xml("META-INF/container.xml").find(f".//{CONTAINER}rootfile")
    if rootfile is None or not rootfile.get("full-path"):
        raise DocumentError(f"{name} names no package document: not a valid EPUB", reason="corrupt")
    opf_path = rootfile.get("full-path", "")
    opf = z.xml(opf_path)
    base = posixpath.dirname(opf_path)
    manifest = {item.get("id"): item.get("href", "") for item in opf.iter(f"{OPF}item")}
    sections = Sections(budget)
    read: set[str] = set()
    for ref in opf.iter(f"{OPF}itemref"):
        href = manifest.get(ref.get("idref"))
        if not href:
            continue
        member = posixpath.normpath(posixpath.join(base, href.split("#")[0]))
        if member in read:
            budget.repeated(f"the chapter {member}")
        elif member in z.names and not sections.full:
            read.add(member)
            html_sections(z.read(member).decode("utf-8", errors="replace"), sections)
    found = opf.find(f".//{DC}title")
    title = (found.text or "").strip() if found is not None else ""
    return ReadDocument(title or sections.first_heading, sections.segments(), content_type="application/epub+zip")
