"""Bibliography exports: the sources an answer cites as BibTeX, RIS and CSL-JSON, and
as a reference list in a citation style (APA, Chicago author-date).

    from deepref.bibliography import export, works_from_result
    text = export(works_from_result(result), "bibtex").text

``works`` builds the typed records and their citation keys, ``formats`` writes
the files, ``styles`` renders through CSL. docs/exports.md shows each output.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deepref.bibliography.formats import csl_items, to_bibtex, to_csl_json, to_ris
from deepref.bibliography.styles import ALIASES, STYLES, Output, reference_list, rendered, style_name
from deepref.bibliography.works import Work, cite_keys, works_from_references, works_from_report, works_from_result
from deepref.reference.errors import InputError

__all__ = [
    "EXPORT_FORMATS",
    "FILE_FORMATS",
    "STYLES",
    "Export",
    "Work",
    "cite_keys",
    "csl_items",
    "entries_by_number",
    "export",
    "reference_list",
    "rendered",
    "style_name",
    "works_from_references",
    "works_from_report",
    "works_from_result",
]

# format -> (media type, file suffix); the files a reference manager imports
FILE_FORMATS: dict[str, tuple[str, str]] = {
    "bibtex": ("application/x-bibtex; charset=utf-8", "bib"),
    "ris": ("application/x-research-info-systems; charset=utf-8", "ris"),
    "csl-json": ("application/vnd.citationstyles.csl+json; charset=utf-8", "json"),
}
EXPORT_FORMATS = (*FILE_FORMATS, *STYLES, *ALIASES)


@dataclass(frozen=True, slots=True)
class Export:
    text: str
    media_type: str
    suffix: str


def export(works: Sequence[Work], fmt: str) -> Export:
    """``works`` in a file format (bibtex, ris, csl-json) or as a plain-text reference
    list in a citation style (apa, chicago-author-date, or chicago)."""
    keys = cite_keys(works)
    if fmt == "bibtex":
        return Export(to_bibtex(works, keys), *FILE_FORMATS[fmt])
    if fmt == "ris":
        return Export(to_ris(works, keys), *FILE_FORMATS[fmt])
    if fmt == "csl-json":
        return Export(to_csl_json(works, keys), *FILE_FORMATS[fmt])
    if fmt in STYLES or fmt in ALIASES:
        entries = reference_list(works, keys, fmt, "text")
        return Export("".join(f"{e}\n" for e in entries), "text/plain; charset=utf-8", "txt")
    raise InputError(f"unknown export format {fmt!r}: choose one of {', '.join(EXPORT_FORMATS)}")


def entries_by_number(result, style: str, output: Output = "text") -> dict[int, str]:
    """Each footnote number of ``result`` (a ResearchResult) -> its source's entry in
    ``style``: the definitions of a footnoted answer written as a reference list."""
    numbers = sorted({r.n for r in result.references})
    works = works_from_result(result)  # one per number, in number order
    keys = cite_keys(works)
    entries = rendered(works, keys, style, output)
    return {n: entries[key] for n, key in zip(numbers, keys, strict=True)}
