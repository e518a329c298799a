"""The prompts of a research round and the defensive reading of their answers. Pure.

Each prompt opens with a marker (``[[deepref:plan]]``, ``[[deepref:read]]``,
``[[deepref:outline]]``, ``[[deepref:write]]``) so logs, and the test server that
plays the model, can tell them apart. Answers are asked for as strict JSON but
never trusted: a plan that is not JSON falls back to searching the question and
the open gaps; a reading that is not JSON is left to ``prose.py``; a citation of a
passage the model was not shown is dropped with a warning; a finding left with no
citation is dropped.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

import numpy as np

from deepref.worker.inference.jsontext import first_json_object

PLAN, READ, OUTLINE, WRITE = "[[deepref:plan]]", "[[deepref:read]]", "[[deepref:outline]]", "[[deepref:write]]"
MAX_GAPS = 8
MAX_SECTIONS = 6

SYSTEM = (
    "You are a meticulous research assistant. Use only the passages you are shown; "
    "when asked for JSON, reply with one JSON object and nothing else."
)


@dataclass(frozen=True, slots=True)
class Plan:
    queries: list[str]
    why: str
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Finding:
    claim: str
    cites: list[int]

    def as_dict(self) -> dict:
        return {"claim": self.claim, "cites": self.cites}


@dataclass(frozen=True, slots=True)
class Reading:
    findings: list[Finding]
    gaps: list[str]
    enough: bool
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Section:
    title: str
    findings: list[int]  # indices into the job's findings


# -- prompts ------------------------------------------------------------------------------
def plan_messages(question: str, n: int, rounds: int, k: int, asked: list[str], gaps: list[str]) -> list[dict]:
    done = "\n".join(f"- {q}" for q in asked) or "- (none yet)"
    missing = "\n".join(f"- {g}" for g in gaps) or "- (nothing known yet: cover the question broadly)"
    user = (
        f"{PLAN}\nQuestion: {question}\nRound: {n} of {rounds}\n"
        f"Queries already searched:\n{done}\nStill missing:\n{missing}\n\n"
        f"Write at most {k} new web search queries that would find what is still missing. "
        'Reply with JSON: {"queries": ["..."], "why": "what this round looks for"}'
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def passages_block(passages: list[dict]) -> str:
    """Numbered passages as the model sees them: ``[n] Title — URL`` then the text;
    ``n`` is the source's number in the job (several passages of one page share it)."""
    return "\n\n".join(f"[{p['n']}] {p['title']} — {p['url']}\n{p['text'].strip()}" for p in passages)


def read_messages(question: str, passages: list[dict], gaps: list[str]) -> list[dict]:
    missing = "\n".join(f"- {g}" for g in gaps) or "- (first reading)"
    user = (
        f"{READ}\nQuestion: {question}\nOpen gaps:\n{missing}\n\nPassages:\n{passages_block(passages)}\n\n"
        "Note the findings these passages support, each citing the passage numbers it rests on, "
        "list what is still missing to answer the question fully, and say whether it is covered. "
        'Reply with JSON: {"findings": [{"claim": "...", "cites": [1]}], "gaps": ["..."], "enough": false}'
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def outline_messages(question: str, findings: list[dict]) -> list[dict]:
    listed = "\n".join(f"F{i + 1}: {f['claim']}" for i, f in enumerate(findings))
    user = (
        f"{OUTLINE}\nQuestion: {question}\nFindings:\n{listed}\n\n"
        f"Group the findings into at most {MAX_SECTIONS} sections of a report that answers the question. "
        'Reply with JSON: {"sections": [{"title": "...", "findings": [1, 2]}]}'
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def write_messages(question: str, title: str, findings: list[dict], passages: list[dict]) -> list[dict]:
    allowed = sorted({p["n"] for p in passages})
    notes = "\n".join(f"- {f['claim']}" for f in findings)
    user = (
        f"{WRITE}\nQuestion: {question}\nSection: {title}\n"
        f"You may cite only: {' '.join(f'[{n}]' for n in allowed)}\n"
        f"Notes:\n{notes}\n\nPassages:\n{passages_block(passages)}\n\n"
        "Write this section in a few sentences of plain prose, without a heading. After every sentence "
        "that states a fact, cite the passages that support it with markers like [1]."
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


# -- answers ------------------------------------------------------------------------------
def _clean_query(q: object) -> str:
    return " ".join(str(q).split())[:300] if isinstance(q, str) else ""


def fallback_queries(question: str, gaps: list[str], asked: list[str], k: int) -> list[str]:
    """Queries without a model: the question first, then the open gaps."""
    seen = {q.lower() for q in asked}
    out = []
    for q in [question, *gaps]:
        q = _clean_query(q)
        if q and q.lower() not in seen:
            seen.add(q.lower())
            out.append(q)
    return out[:k]


def parse_plan(text: str, question: str, gaps: list[str], asked: list[str], k: int, n: int) -> Plan:
    obj = first_json_object(text)
    queries = obj.get("queries") if obj else None
    if not isinstance(queries, list):
        fallback = fallback_queries(question, gaps, asked, k)
        return Plan(
            fallback,
            "the open gaps" if gaps else "the question",
            [f"round {n}: the model's plan was not the JSON asked for; searched the question and the open gaps"],
        )
    seen = {q.lower() for q in asked}
    out: list[str] = []
    for q in map(_clean_query, queries):
        if len(q) > 2 and q.lower() not in seen:
            seen.add(q.lower())
            out.append(q)
    why = _clean_query(obj.get("why", "")) if obj else ""
    warnings = []
    if not out:
        out = fallback_queries(question, gaps, asked, k)
        warnings.append(f"round {n}: the model's plan had no new query; searched the question and the open gaps")
    return Plan(out[:k], why or ("the open gaps" if gaps else "the question"), warnings)


def parse_reading(text: str, shown: set[int], n: int) -> Reading | None:
    """Findings citing only passages in ``shown``; anything else is dropped, with a
    warning. None when the reading is not JSON (``deep.prose`` reads it then)."""
    obj = first_json_object(text)
    if obj is None:
        return None
    warnings: list[str] = []
    findings: list[Finding] = []
    for item in obj.get("findings") or []:
        if not isinstance(item, dict) or not isinstance(item.get("claim"), str) or not item["claim"].strip():
            continue
        cites = [c for c in _numbers(item.get("cites")) if isinstance(c, int)]
        unknown = [c for c in cites if c not in shown]
        if unknown:
            warnings.append(
                f"round {n}: dropped citation(s) {unknown} of a finding: the model was not shown "
                f"passage(s) with those numbers ({item['claim'][:80]!r})"
            )
        kept = sorted({c for c in cites if c in shown})
        if kept:
            findings.append(Finding(" ".join(item["claim"].split()), kept))
        else:
            warnings.append(f"round {n}: dropped a finding with no citation to a passage shown: {item['claim'][:80]!r}")
    gaps = [g for g in (_clean_query(x) for x in obj.get("gaps") or []) if g][:MAX_GAPS]
    return Reading(findings, gaps, bool(obj.get("enough")) and not gaps, warnings)


def _numbers(value: object) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, str):
        return [int(x) for x in re.findall(r"\d+", value)]
    if isinstance(value, list):
        return [x for v in value for x in _numbers(v)]
    return []


def parse_outline(text: str, findings: int, question: str) -> tuple[list[Section], list[str]]:
    """Sections with findings in range, each finding in one section; unplaced findings
    go to a last section. Malformed: one section holding every finding."""
    everything = [Section(_title(question), list(range(findings)))] if findings else []
    obj = first_json_object(text)
    raw = obj.get("sections") if obj else None
    if not isinstance(raw, list) or not raw:
        return everything, ["the model's outline was not the JSON asked for; the report has one section"]
    placed: set[int] = set()
    sections: list[Section] = []
    for item in raw[:MAX_SECTIONS]:
        if not isinstance(item, dict):
            continue
        idx = [i - 1 for i in _numbers(item.get("findings")) if 1 <= i <= findings and i - 1 not in placed]
        placed.update(idx)
        title = _clean_query(item.get("title")) or f"Part {len(sections) + 1}"
        if idx:
            sections.append(Section(title, idx))
    rest = [i for i in range(findings) if i not in placed]
    if rest:
        sections.append(Section("Other findings", rest))
    return sections, []


def _title(question: str) -> str:
    return question.strip().rstrip("?") or "Findings"


def strip_disallowed(text: str, allowed: set[int]) -> tuple[str, list[int]]:
    """Remove ``[n]`` markers of numbers the writer was not allowed to cite."""
    dropped: list[int] = []

    def keep(match: re.Match) -> str:
        n = int(match.group(1))
        if n in allowed:
            return match.group(0)
        dropped.append(n)
        return ""

    return re.sub(r"\[(\d+)\]", keep, text), dropped


# -- near-duplicate pages --------------------------------------------------------------------
MINHASH_PERMUTATIONS = 64
NEAR_DUPLICATE = 0.8
"""Estimated Jaccard similarity of word 3-shingles above which two pages are one
source (a syndicated copy with another header or footer is well above; two pages
on one topic share far fewer 3-word runs)."""
_PRIME = 4_294_967_311  # > 2**32: (a*x + b) mod p over 32-bit x fits in uint64
_RNG = np.random.default_rng(13)
_A = _RNG.integers(1, 2**32 - 1, MINHASH_PERMUTATIONS, dtype=np.uint64)
_B = _RNG.integers(0, 2**32 - 1, MINHASH_PERMUTATIONS, dtype=np.uint64)


def minhash(text: str) -> list[int]:
    """MinHash signature of a page's word 3-shingles (64 values)."""
    words = re.findall(r"\w+", text.lower())
    shingles = {" ".join(words[i : i + 3]) for i in range(max(1, len(words) - 2))}
    x = np.fromiter(
        (int.from_bytes(hashlib.blake2b(s.encode(), digest_size=4).digest(), "big") for s in shingles),
        dtype=np.uint64,
        count=len(shingles),
    )
    values = (x[:, None] * _A[None, :] + _B[None, :]) % _PRIME
    return values.min(axis=0).tolist()


def similarity(a: list[int], b: list[int]) -> float:
    """Estimated Jaccard similarity of two signatures."""
    return float(np.mean(np.asarray(a) == np.asarray(b)))


def near_duplicate(signature: list[int], others: dict[str, list[int]]) -> str | None:
    """Id of a page ``signature`` is a near-copy of, or None."""
    for doc_id, other in others.items():
        if similarity(signature, other) >= NEAR_DUPLICATE:
            return doc_id
    return None
