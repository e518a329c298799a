"""``deepref eval citations``: judge every footnote of a finished answer with the model.

The answer can be a deepref result (a JSON file, or a job id on the queue), a
report run (its folder or its ``report.json``), or any Markdown report with links,
so that another system's output is judged the same way.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from deepref.reference.errors import InputError

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

MAX_INPUT_BYTES = 50_000_000


def citations(args: argparse.Namespace) -> int:
    from deepref.worker.pipeline.judging.evaluate import as_dict, evaluate
    from deepref.worker.settings import Settings

    settings = Settings()
    if args.model:
        settings = settings.model_copy(update={"llm_model": args.model})
    found = load_citations(args.answer, settings)
    if not found:
        raise InputError(f"{args.answer}: no cited claim found (no footnote, link or numbered reference)")
    settings = with_local_files(settings, [c.url for c in found])
    ev = asyncio.run(evaluate(found, settings, max_pairs=args.max_pairs))
    if args.format == "json":
        print(json.dumps(as_dict(ev), ensure_ascii=False, indent=2))
    else:
        print(summary(ev))
    accuracy = ev.scores.accuracy
    if args.fail_under is not None and (accuracy is None or accuracy < args.fail_under):
        print(f"deepref: citation accuracy below {args.fail_under}", file=sys.stderr)
        return 3
    return 0


def with_local_files(settings: Settings, urls: list[str]) -> Settings:
    """``settings`` whose corpus folder holds every ``file://`` page the report cites:
    deepref's own reports of local documents link them so. The CLI is the operator's, on
    their own files; without such links (or with DEEPREF_CORPUS_DIR set) nothing changes."""
    from urllib.parse import unquote, urlsplit

    files = [Path(unquote(urlsplit(u).path)) for u in urls if u.startswith("file://")]
    if not files or settings.corpus_dir is not None:
        return settings
    import os

    folder = Path(os.path.commonpath([str(f.parent) for f in files]))
    return settings.model_copy(update={"corpus_dir": folder})


def load_citations(answer: str, settings: Settings) -> list:
    from deepref.worker.pipeline.judging import citations as C

    path = Path(answer).expanduser()
    if path.is_dir():
        path = path / "report.json"
        if not path.is_file():
            raise InputError(f"{answer}: a folder must be a report run (it holds no report.json)")
    if not path.is_file():
        if "/" in answer or "." in Path(answer).name:
            raise InputError(f"{answer}: no such file")
        return C.from_result(_job_result(answer, settings))
    if path.stat().st_size > MAX_INPUT_BYTES:
        raise InputError(f"{answer}: larger than {MAX_INPUT_BYTES:,} bytes")
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix.lower() in (".html", ".htm", ".xhtml"):
        return C.from_html(text)
    if path.suffix.lower() != ".json":
        return C.from_markdown(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{answer}: not JSON ({exc.msg} at line {exc.lineno})") from None
    if isinstance(data, dict) and isinstance(data.get("sections"), list):
        return C.from_report(data)
    if isinstance(data, dict) and "answer" in data and "references" in data:
        return C.from_result(data)
    raise InputError(f"{answer}: neither a deepref result (answer, references) nor a report run (sections)")


def _job_result(job_id: str, settings: Settings) -> dict:
    from deepref.worker.client import Client

    client = Client(settings)
    try:
        return client.result(job_id).model_dump(mode="json")
    finally:
        client.close()


def summary(ev) -> str:
    s = ev.scores
    lines = [f"Citations: {s.pairs} (claim, source) pairs; {s.judged} judged by {ev.model}"]
    if s.accuracy is None:
        lines.append("Citation accuracy (FACT): none judged")
    else:
        lines.append(
            f"Citation accuracy (FACT): {s.accuracy:.3f} ({s.supported} of {s.judged} supported); "
            f"counting partial support: {s.accuracy_with_partial:.3f}"
        )
    lines.append(f"Effective citations: {s.effective_citations}")
    u = ev.usage
    lines.append(
        f"Model use: {u.requests} request(s), {u.prompt_tokens:,} prompt + {u.completion_tokens:,} completion "
        f"tokens, {u.cached} verdict(s) from the cache"
    )
    for title, keep in (("Unsupported", {"none"}), ("Partly supported", {"partial"}), ("Not judged", {None})):
        rows = [x for x in ev.scored if x.judgement.verdict in keep]
        if rows:
            lines += ["", f"{title}:"]
            for x in rows:
                where = f" ({x.citation.where})" if x.citation.where else ""
                lines.append(f"  {x.citation.label}{where} {_short(x.citation.claim)}")
                lines.append(f"      → {x.citation.url}")
                if x.judgement.reason:
                    lines.append(f"      {x.judgement.reason}")
    return "\n".join(lines)


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
