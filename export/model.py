"""What a PDF or DOCX file shows, whatever it came from: a document of sections, each an
answer's Markdown with its footnote markers and one note per marker, and the sources.

A job's result and a report run are both turned into a :class:`Document` here, so the
two writers (``export.pdf``, ``export.docx``) never read a result or a report
themselves. Numbers are the answer's own ``[^n]`` (per source, report-wide in a
report), so a file, its Markdown and its bibliography name a source alike.

Each marker gets a note holding the quotes that support its claim, with their page and
link. The reference whose ``answer_span`` the marker closes supports it (the viewer's
rule, api/static/viewer.js ``pickReference``); a quote no marker claims goes to the
first note of its number, so every quote of the result is in a note.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deepref.reference.html import local_path, safe_url
from deepref.reference.languages import RTL
from deepref.reference.locators import Locator, locator_link

Marker = tuple[int, int, int]
RTL_CHAR = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")  # Hebrew, Arabic and their forms
_STRONG = re.compile(  # letters of the scripts whose direction decides a paragraph's (as dir="auto" does)
    r"[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u0590-\u08ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]"
)


def strong_rtl(text: str) -> bool | None:
    """Whether the first strong character of ``text`` is right-to-left (None: it has none).
    The writers say each paragraph's direction themselves: WeasyPrint does not read
    ``dir="auto"``, and Word has no such thing."""
    m = _STRONG.search(text)
    return None if m is None else bool(RTL_CHAR.match(m.group()))


@dataclass(frozen=True, slots=True)
class Quote:
    """A verbatim passage, where it is (``p. 17``, or ""), and the link that opens it there."""

    text: str
    where: str = ""
    link: str = ""


@dataclass(frozen=True, slots=True)
class Note:
    """The note of one marker: its source's number, title and link, and the quotes."""

    n: int
    title: str
    link: str
    quotes: tuple[Quote, ...]


@dataclass(frozen=True, slots=True)
class Section:
    """An answer (Markdown) under a heading. ``markers`` are (start, end, n) in ``answer``,
    sorted; ``notes[i]`` belongs to ``markers[i]``. ``failed`` replaces the answer."""

    heading: str
    answer: str = ""
    markers: tuple[Marker, ...] = ()
    notes: tuple[Note, ...] = ()
    failed: str = ""
    language: str = ""  # the answer's language code: a report's sections may differ

    @property
    def rtl(self) -> bool:
        return self.language in RTL


@dataclass(frozen=True, slots=True)
class SourceEntry:
    """One entry of the reference list: a source, every quote cited from it."""

    n: int
    title: str
    url: str
    link: str
    quotes: tuple[Quote, ...]

    @property
    def path(self) -> str:
        """A local corpus file's path, shown beside its title."""
        return local_path(self.url) or ""


@dataclass(frozen=True, slots=True)
class Document:
    title: str
    sections: tuple[Section, ...]
    sources: tuple[SourceEntry, ...] = ()
    subtitle: str = ""
    language: str = ""
    notes: tuple[str, ...] = ()  # the result's warnings, printed after the references

    @property
    def rtl(self) -> bool:
        return self.language in RTL

    def quotes(self) -> list[Quote]:
        """Every quote of every note, in reading order (tests check each is in a note)."""
        return [q for s in self.sections for note in s.notes for q in note.quotes]


def link_of(url: str, locator: Mapping[str, Any] | None) -> str:
    """The link a reader may follow: the URL opening its page (``#page=17``) when the quote
    has one; a file on this machine stays a link, as in Markdown for a local reader
    (``reference.html.safe_url``); anything else unsafe is no link."""
    return safe_url(locator_link(url, Locator.from_dict(dict(locator)) if locator else None), allow_file=True)


def _quote(ref: Mapping[str, Any]) -> Quote | None:
    text = " ".join(str(ref.get("quote") or "").split())
    if not text:
        return None
    loc = ref.get("locator") or {}
    locator = Locator.from_dict(dict(loc)) if loc else None
    where = loc.get("text") or (locator.text if locator is not None else "")
    return Quote(text, where, link_of(ref.get("url") or "", loc))


def _pair(markers: Sequence[Marker], refs: Sequence[Mapping[str, Any]], number) -> list[list[Mapping[str, Any]]]:
    """For each marker (in the answer the references' ``answer_span`` refer to), the
    references it closes; ``number`` maps a marker's n to the references' n."""
    claimed: list[list[Mapping[str, Any]]] = [[] for _ in markers]
    first: dict[int, int] = {}
    for i, (_, _, n) in enumerate(markers):
        first.setdefault(number(n), i)
    for ref in refs:
        n, (lo, hi) = int(ref["n"]), ref.get("answer_span") or (0, 0)
        best, gap = first.get(n), None
        for i, (start, _, m) in enumerate(markers):
            if number(m) == n and lo <= start and (gap is None or abs(start - hi) < gap):
                best, gap = i, abs(start - hi)
        if best is not None:
            claimed[best].append(ref)
    return claimed


def _sources(refs: Iterable[Mapping[str, Any]]) -> tuple[SourceEntry, ...]:
    grouped: dict[int, list[Mapping[str, Any]]] = {}
    for ref in refs:
        grouped.setdefault(int(ref["n"]), []).append(ref)
    out = []
    for n, group in sorted(grouped.items()):
        head = group[0]
        quotes = tuple(dict.fromkeys(q for q in map(_quote, group) if q is not None))
        url = head.get("url") or ""
        out.append(SourceEntry(n, head.get("title") or url, url, safe_url(url, allow_file=True), quotes))
    return tuple(out)


def _section(heading: str, original: Mapping[str, Any], answer: str, markers, refs, language: str) -> Section:
    """A section from the answer as shown (``answer``, ``markers``: report-wide numbers)
    and the result it came from (``original``: its own answer, markers and numbers, in
    whose text the references' ``answer_span`` lie)."""
    shown: list[Marker] = sorted((int(m[0]), int(m[1]), int(m[2])) for m in markers)
    own: list[Marker] = sorted((int(m[0]), int(m[1]), int(m[2])) for m in original.get("markers") or [])
    if len(own) != len(shown):  # not the same answer: pair in the shown text
        own = shown
    heads = {s.n: (s.title, s.link) for s in _sources(refs)}
    renumber: dict[int, int] = {}
    for (_, _, mine_n), (_, _, theirs) in zip(own, shown, strict=True):
        renumber.setdefault(mine_n, theirs)
    claimed = _pair(own, refs, lambda m: renumber.get(m, m))
    notes = []
    for (_, _, n), mine in zip(shown, claimed, strict=True):
        quotes = tuple(dict.fromkeys(q for q in map(_quote, mine) if q is not None))
        title, link = heads.get(n, ("", ""))
        notes.append(Note(n, title, link, quotes))
    # a quote no marker closed (a span that moved): the first note of its number
    placed = {(note.n, q) for note in notes for q in note.quotes}
    for ref in refs:
        q = _quote(ref)
        n = int(ref["n"])
        if q is None or (n, q) in placed:
            continue
        for i, note in enumerate(notes):
            if note.n == n:
                notes[i] = Note(note.n, note.title, note.link, (*note.quotes, q))
                placed.add((n, q))
                break
    return Section(heading, answer, tuple(shown), tuple(notes), language=language)


def document_from_result(result: Any) -> Document:
    """A job's result (``worker.jobs.models.ResearchResult``) as one section under its question."""
    data = result.model_dump(mode="json")
    refs = data["references"]
    section = _section("", data, data["answer"], data["markers"], refs, data.get("language") or "")
    mode = "extractive answer (no language model)" if data.get("answer_mode") == "extractive" else ""
    return Document(
        title=data["question"],
        sections=(section,),
        sources=_sources(refs),
        subtitle=mode,
        language=data.get("language") or "",
        notes=tuple(data.get("warnings") or ()),
    )


def document_from_report(report: Mapping[str, Any], subtitle: str = "") -> Document:
    """A report run (``report.json``, assembled: ``reports.assemble``) as a section per question."""
    sections: list[Section] = []
    refs: list[Mapping[str, Any]] = []
    for s in report.get("sections", []):
        if s.get("status") != "done" or s.get("answer") is None:
            sections.append(Section(s["question"], failed=str(s.get("error") or s.get("status"))))
            continue
        mine = s.get("references") or []
        refs.extend(mine)
        original = s.get("result") or {}
        language = original.get("language") or ""
        sections.append(_section(s["question"], original, s["answer"], s.get("markers") or [], mine, language))
    languages = [
        s["result"].get("language", "") for s in report.get("sections", []) if isinstance(s.get("result"), dict)
    ]
    summary = report.get("summary")
    if summary:
        sections.insert(0, Section("Summary", answer=summary))
    return Document(
        title=report["title"],
        sections=tuple(sections),
        sources=_sources(refs),
        subtitle=subtitle,
        language=languages[0] if languages else "",
    )
