"""DOIs and arXiv ids as the providers write them, in one form each, and a work's identity.

Providers write a DOI as ``10.1000/X``, ``doi:10.1000/x`` or ``https://doi.org/10.1000/X``
(DOIs are case-insensitive), and an arXiv id as ``arXiv:1706.03762v5``,
``http://arxiv.org/abs/1706.03762v5`` or ``hep-th/9901001``. arXiv registers
``10.48550/arXiv.<id>`` for every preprint, so that DOI and the arXiv id name one
work. Nothing here invents an identifier: each function only rewrites one it is given.
"""

from __future__ import annotations

import re

from deepref.reference.urls import normalize_doi

__all__ = ["ARXIV_DOI_PREFIX", "arxiv_of_doi", "normalize_arxiv", "normalize_doi", "work_keys"]

_ARXIV_NEW = re.compile(r"^(\d{4}\.\d{4,5})(v\d+)?$")
_ARXIV_OLD = re.compile(r"^([a-z-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?$")
ARXIV_DOI_PREFIX = "10.48550/arxiv."


def normalize_arxiv(value: object) -> str | None:
    """An arXiv id without version (``1706.03762``, ``hep-th/9901001``), or None."""
    if not isinstance(value, str):
        return None
    aid = value.strip()
    for prefix in ("arxiv:", "https://arxiv.org/abs/", "http://arxiv.org/abs/", "https://arxiv.org/pdf/"):
        if aid.lower().startswith(prefix):
            aid = aid[len(prefix) :]
            break
    aid = aid.removesuffix(".pdf")
    for pattern in (_ARXIV_NEW, _ARXIV_OLD):
        if match := pattern.match(aid):
            return match.group(1)
    return None


def arxiv_of_doi(doi: str | None) -> str | None:
    """The arXiv id of arXiv's own DOI (``10.48550/arxiv.1706.03762``), else None."""
    if doi and doi.startswith(ARXIV_DOI_PREFIX):
        return normalize_arxiv(doi[len(ARXIV_DOI_PREFIX) :])
    return None


def work_keys(doi: str | None, arxiv_id: str | None, pmid: str | None) -> set[str]:
    """Every key naming this work: a shared key means one work (a preprint's arXiv id
    links it to the journal version whose record carries both)."""
    keys = set()
    if doi:
        keys.add(f"doi:{doi}")
        if aid := arxiv_of_doi(doi):
            keys.add(f"arxiv:{aid}")
    if arxiv_id:
        keys.add(f"arxiv:{arxiv_id}")
    if pmid:
        keys.add(f"pmid:{pmid}")
    return keys
