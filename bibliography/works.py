"""The bibliographic record of a cited source, where it comes from, and its citation key.

A :class:`Work` holds what the pipeline knows of a source: title, URL, authors and
site when the page named them, the page's date and the date deepref read it, and
for a scholarly work its DOI, type, venue, arXiv id and PMID. The
formats (``formats.py``) and citation styles (``styles.py``) take Works only, so
a result, a report or a caller's own list export the same way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from deepref.reference.urls import normalize_doi

_DATE = re.compile(r"^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?")
_STOPWORDS = frozenset({
    "a", "an", "the", "of", "on", "in", "and", "or", "for", "to", "with", "at", "by", "from", "is", "are",
    "how", "what", "why", "when", "which", "who",
})  # fmt: skip
# words that make a name an organisation's, which must not be split into family/given
_ORG_WORDS = frozenset({
    "agency", "alliance", "association", "board", "bureau", "center", "centre", "coalition", "collaboration",
    "college", "commission", "committee", "company", "consortium", "corporation", "council", "department",
    "foundation", "group", "inc", "initiative", "institute", "investigators", "laboratory", "league", "ltd",
    "ministry", "network", "news", "office", "organisation", "organization", "panel", "press", "program",
    "programme", "project", "research", "service", "society", "survey", "team", "trust", "university",
})  # fmt: skip
# lower-case words that open a family name ("van der Berg", "de la Cruz", "von Neumann")
_PARTICLES = frozenset({
    "al", "bin", "da", "das", "de", "degli", "dei", "del", "della", "den", "der", "di", "do", "dos", "du",
    "el", "la", "le", "lo", "op", "ten", "ter", "van", "van't", "vande", "vanden", "vander", "von", "zu", "zum",
})  # fmt: skip
_SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
_INITIAL = re.compile(r"^(?:[A-Z]\.?-?)+$")  # K.  K  A.B.  J.-P.
_NONCHARACTERS = "".join(chr(plane * 0x10000 + low) for plane in range(17) for low in (0xFFFE, 0xFFFF))
# C0 and C1 control characters and non-characters: every format here is line-based or breaks on them
_CONTROL = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ud800-\udfff{_NONCHARACTERS}]")


@dataclass(frozen=True, slots=True)
class Work:
    """One source as a bibliography sees it. Dates are ISO (``2024``, ``2024-03`` or
    ``2024-03-05``); a date that does not parse counts as none."""

    title: str
    url: str
    authors: tuple[str, ...] = ()
    site: str | None = None
    issued: str | None = None
    accessed: str | None = None
    pages: tuple[tuple[str, str], ...] = ()
    """The (first, last) printed page labels cited in a PDF, in page order."""
    # a scholarly work (search/): as its index gave them, never made up
    doi: str | None = None
    kind: str | None = None  # CSL type: article-journal, paper-conference, article (a preprint), ...
    venue: str | None = None  # journal, proceedings or repository
    eprint: str | None = None  # arXiv identifier
    pmid: str | None = None
    notice: str | None = None  # "retracted", "withdrawn", "expression of concern" or "corrected", as its index said
    notice_doi: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.title, str) or not isinstance(self.url, str):
            raise TypeError("Work.title and Work.url must be strings")
        object.__setattr__(self, "title", clean(self.title) or self.url)
        object.__setattr__(self, "authors", tuple(a for a in (clean(x) for x in self.authors) if a))
        object.__setattr__(self, "site", clean(self.site or "") or None)
        for name in ("kind", "venue", "eprint", "pmid", "notice"):
            object.__setattr__(self, name, clean(getattr(self, name) or "") or None)
        # a result file or an index may carry anything as a DOI: only one in the DOI
        # Handbook's syntax reaches an export (``10.1234/../../etc/passwd``, a control
        # character inside, do not; cleaning would make another DOI of the latter)
        object.__setattr__(self, "doi", normalize_doi(self.doi))
        object.__setattr__(self, "notice_doi", normalize_doi(self.notice_doi))

    @property
    def notice_text(self) -> str | None:
        """``Retracted (retraction notice: doi:10.…)``: the note every export carries, so a
        reference manager shows it beside the entry."""
        if not self.notice:
            return None
        label = self.notice[0].upper() + self.notice[1:]
        return f"{label} (notice: https://doi.org/{self.notice_doi})" if self.notice_doi else label

    @property
    def container(self) -> str | None:
        """The site's name, else the URL's host (what a reader would call the site);
        none for local files."""
        return self.site or host_of(self.url)

    def page_text(self, dash: str = "–") -> str:
        """``17``, ``17–18`` or ``3, 17–18``: the cited pages as a bibliography prints them."""
        return ", ".join(a if a == b else f"{a}{dash}{b}" for a, b in self.pages)

    @property
    def issued_parts(self) -> list[int] | None:
        return date_parts(self.issued)

    @property
    def accessed_parts(self) -> list[int] | None:
        return date_parts(self.accessed)


def clean(text: str) -> str:
    """One line, no control characters: every format here is line-based or breaks on them."""
    return " ".join(_CONTROL.sub("", text).split())


def host_of(url: str) -> str | None:
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return None
    return host.removeprefix("www.") or None


def date_parts(value: str | None) -> list[int] | None:
    """``2024-03-05`` -> [2024, 3, 5]; a month or day out of range ends the parts there."""
    match = _DATE.match(value or "")
    if not match:
        return None
    parts = [int(match.group(1))]
    for group, top in ((2, 12), (3, 31)):
        if match.group(group) is None or not 1 <= int(match.group(group)) <= top:
            break
        parts.append(int(match.group(group)))
    return parts


def split_name(name: str) -> dict[str, str]:
    """A person's name as CSL ``family``/``given`` (and ``suffix``), or ``literal`` for
    what is not clearly a person (an organisation, a single word).

    ``Family, Given`` (how indexes' structured names reach here) splits on its comma,
    so "Diele Viegas, Mariana" keeps its two-word family name. A name written as one
    string is read as a reader would: initials are given names ("Anil K. Bera",
    "T C Strekas"), a lower-case particle opens the family name ("Jan van der Berg",
    "María de la Cruz"), "Jr." and "III" are suffixes."""
    if "," in name:
        family, given = (p.strip() for p in name.split(",", 1))
        if family and given:
            if given.lower() in _SUFFIXES and " " in family:  # "Martin Luther King, Jr."
                return {**split_name(family), "suffix": given}
            return {"family": family, "given": given}
    parts = name.split()
    suffix = parts.pop() if len(parts) > 2 and parts[-1].lower() in _SUFFIXES else None
    words = [p for p in parts if p.lower() not in _PARTICLES]
    personal = all(p[:1].isupper() and (not p.isupper() or _INITIAL.match(p)) for p in words)
    personal = personal and bool(words) and not _INITIAL.match(words[-1])  # "Smith J" is not "J, Smith"
    if 2 <= len(parts) <= 5 and personal and not _ORG_WORDS & {p.lower().strip(".,") for p in parts}:
        start = len(parts) - 1  # the family name: the last word and the particles before it
        while start > 1 and parts[start - 1].lower() in _PARTICLES:
            start -= 1
        if parts[0].lower() not in _PARTICLES:
            out = {"family": " ".join(parts[start:]), "given": " ".join(parts[:start])}
            return out | ({"suffix": suffix} if suffix else {})
    return {"literal": name}


def split_authors(raw: str | Sequence[str] | None) -> tuple[str, ...]:
    """trafilatura gives several authors as one string joined with ``;``."""
    if not raw:
        return ()
    items = [raw] if isinstance(raw, str) else list(raw)
    return tuple(a.strip() for item in items for a in item.split(";") if a.strip())


# ---------------------------------------------------------------------------- sources
def works_from_result(result: Any) -> list[Work]:
    """The works a result cites, in footnote order (one per number). ``result`` is a
    ``worker.jobs.models.ResearchResult``; its sources give what the references lack."""
    sources = {s.id: s.model_dump() for s in result.sources}
    refs = [r.model_dump() for r in result.references]
    return works_from_references(refs, sources.values(), by="source_id")


def works_from_report(report: Mapping[str, Any]) -> list[Work]:
    """The works of a report run's shared reference list (``report.json``)."""
    sources = [s for section in report.get("sections", []) for s in section.get("sources") or []]
    return works_from_references(report.get("references", []), sources, by="url")


def works_from_references(
    references: Iterable[Mapping[str, Any]], sources: Iterable[Mapping[str, Any]], *, by: str
) -> list[Work]:
    """One work per reference number, in number order. ``by`` names the reference
    field that finds its source: ``source_id`` inside one result, ``url`` across
    a report's sections (ids restart in every section)."""
    index = {(s["id"] if by == "source_id" else s["url"]): s for s in sources}
    first: dict[int, Mapping[str, Any]] = {}
    pages: dict[int, dict[tuple[str, str], int]] = {}
    for ref in references:
        first.setdefault(int(ref["n"]), ref)
        loc = ref.get("locator") or {}
        if loc.get("kind") == "page":
            span = (
                clean(str(loc.get("first_label") or loc.get("first"))),
                clean(str(loc.get("last_label") or loc.get("last"))),
            )
            pages.setdefault(int(ref["n"]), {}).setdefault(span, int(loc.get("first") or 0))
    works = []
    for n, ref in sorted(first.items()):
        src = index.get(ref[by], {})
        year = src.get("year")
        spans = pages.get(n, {})  # each span's first page, the order the work's pages are listed in
        works.append(
            Work(
                title=ref.get("title") or src.get("title") or ref["url"],
                url=src.get("landing_url") or ref["url"],  # a work is cited at its page, not its PDF's address
                authors=tuple(src.get("authors") or ()) or split_authors(src.get("author")),
                site=src.get("site"),
                issued=ref.get("date") or src.get("date") or (str(year) if year else None),
                accessed=src.get("accessed"),
                pages=tuple(sorted(spans, key=spans.__getitem__)),
                doi=src.get("doi") or ref.get("doi"),
                kind=src.get("type"),
                venue=src.get("venue"),
                eprint=src.get("arxiv_id"),
                pmid=src.get("pmid"),
                notice=src.get("notice") or ref.get("notice"),
                notice_doi=src.get("notice_doi"),
            )
        )
    return works


# ---------------------------------------------------------------------------- keys
def _ascii_words(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.findall(r"[a-z0-9]+", folded.lower())


def base_key(work: Work) -> str:
    """``smith2024tidal``: first author's family name (else the site), year (else
    ``nd``), first significant title word. ASCII letters and digits only, which
    every reference manager and BibTeX itself accept as a key."""
    who = ""
    if work.authors:
        name = split_name(work.authors[0])
        if "family" in name:  # "Diele Viegas" gives dieleviegas, "van der Berg" berg
            who = "".join(w for w in _ascii_words(name["family"]) if w not in _PARTICLES)
        else:
            who = "".join(_ascii_words(name["literal"])[:2])
    if not who:
        site = work.site or _site_word(work.container or "")
        who = "".join(_ascii_words(site)[:2])
    parts = work.issued_parts
    title = next((w for w in _ascii_words(work.title) if w not in _STOPWORDS and not w.isdigit()), "")
    return f"{who or 'anon'}{parts[0] if parts else 'nd'}{title}"[:60]


def cite_keys(works: Sequence[Work]) -> list[str]:
    """Keys in the order of ``works``; a repeated key gets ``-2``, ``-3``, … after the
    first, so keys depend only on metadata and order."""
    keys: list[str] = []
    seen: set[str] = set()
    for work in works:
        key = candidate = base_key(work)
        suffix = 1
        while candidate in seen:
            suffix += 1
            candidate = f"{key}-{suffix}"
        seen.add(candidate)
        keys.append(candidate)
    return keys


def _site_word(host: str) -> str:
    """``en.wikipedia.org`` -> wikipedia, ``bbc.co.uk`` -> bbc, ``example.org`` -> example;
    an address names no one."""
    if not re.search(r"[a-z]", host.lower()) or ":" in host:  # 127.0.0.1, [::1]
        return ""
    labels = host.split(".")
    if len(labels) < 2:
        return host
    if len(labels) >= 3 and len(labels[-2]) <= 3:
        return labels[-3]
    return labels[-2]
