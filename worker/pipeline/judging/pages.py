"""The cited passage of a page, for answers that cite only a URL.

Pages are fetched like a job's (the SSRF guard, size and time caps, robots.txt)
and the passage is the few chunks of the page that share most with the claim, in
page order: what a judge needs, a fraction of the page's tokens.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from deepref.reference.chunking import chunk_text
from deepref.reference.scoring import lexical_scores
from deepref.search.models import SearchHit
from deepref.worker.pipeline.judging.citations import Citation
from deepref.worker.pipeline.judging.model_judge import PASSAGE_CHARS
from deepref.worker.pipeline.resources import Resources
from deepref.worker.pipeline.stages import fetch_stage

CHUNKS_PER_CLAIM = 3


async def passages_for(citations: list[Citation], res: Resources) -> tuple[list[Citation], dict[str, str]]:
    """``citations`` with a passage read from each cited page that could be read, and
    why each other page could not (by URL)."""
    urls = list(dict.fromkeys(c.url for c in citations if c.passage is None))
    if not urls:
        return citations, {}
    fetched = await fetch_stage([SearchHit.of_url(url, rank, "cited") for rank, url in enumerate(urls, 1)], res)
    texts = {d.url: (d.title, d.text) for d in fetched.documents}
    failed = {f.url: f.reason for f in fetched.failures}
    out = []
    for c in citations:
        if c.passage is None and c.url in texts:
            title, text = texts[c.url]
            c = dataclasses.replace(c, title=c.title or title, passage=best_passage(c.claim, text))
        out.append(c)
    return out, failed


def best_passage(claim: str, text: str) -> str:
    chunks = chunk_text(text, max_chars=700, min_chars=60) or chunk_text(text, max_chars=700, min_chars=1)
    if not chunks:
        return ""
    scores = lexical_scores([claim], [c.text for c in chunks], "coverage")[0]
    best = sorted(np.argsort(-scores, kind="stable")[:CHUNKS_PER_CLAIM])
    return "\n…\n".join(chunks[i].text for i in best)[:PASSAGE_CHARS]
