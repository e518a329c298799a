"""Files the job quotes that changed after it read them.

A job reads each file of its folder once (worker/web/fetch.py: one read between two
stats that agree) and quotes only that version, whose SHA-256 its source carries. A
footnote must lead to the exact passage: when the job ends, every quoted file is
compared with the version read (size and mtime, then the hash), and for a file that
changed the result says so, in the warnings, on the source (``changed``) and on each
reference whose quote the file no longer holds (``quote_gone``). The job does not
re-read the new version: its answer was written from the old one (docs/library.md,
"A file that changes during a job").
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from pathlib import Path
from urllib.parse import unquote, urlsplit

from deepref.search.documents import DocumentError, read_bytes
from deepref.search.documents.beneath import Folder, FolderError, shown_name
from deepref.search.documents.walk import MAX_FILE_BYTES
from deepref.worker.jobs.models import ReferenceOut, ResearchResult
from deepref.worker.pipeline.outputs import SourceDocument
from deepref.worker.web.pages import FileVersion

_SPACE = re.compile(r"\s+")


def mark_changed_files(result: ResearchResult, documents: list[SourceDocument]) -> ResearchResult:
    """``result`` with its changed files flagged and named in its warnings (in place)."""
    refs: dict[str, list[ReferenceOut]] = defaultdict(list)
    for ref in result.references:
        refs[ref.source_id].append(ref)
    sources = {s.id: s for s in result.sources}
    for doc in documents:
        if doc.version is None or doc.id not in refs:
            continue
        path = Path(unquote(urlsplit(doc.url).path))
        changed, now = _current(path, doc.version)
        if not changed:
            continue
        sources[doc.id].changed = True
        gone = [r for r in refs[doc.id] if now is None or _flat(r.quote) not in now]
        for ref in gone:
            ref.quote_gone = True
        result.warnings.append(_warning(path, doc.version, refs[doc.id], gone, removed=now is None))
    return result


def _current(path: Path, read: FileVersion) -> tuple[bool, str | None]:
    """(whether the file is no longer the version read, the whitespace-flattened text of
    its new version to look the quotes up in: None when it is gone or unreadable). Read
    as the job read it: no link out of its folder followed, a regular file only (a name
    swapped for a FIFO since would otherwise hold the job for ever)."""
    try:
        with Folder(path.parent) as folder:
            st = folder.stat_file(path.name)
            if (st.st_size, st.st_mtime_ns) == (read.size, read.mtime_ns):
                return False, None
            data, st = folder.read(path.name, max_bytes=MAX_FILE_BYTES)
        if st.st_size == read.size and hashlib.sha256(data).hexdigest() == read.sha256:
            return False, None  # touched, same bytes
        text, _ = read_bytes(data, shown_name(path.name)).text_and_marks()
    except (OSError, DocumentError, FolderError):
        return True, None
    return True, _flat(text)


def _flat(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def _warning(
    path: Path, read: FileVersion, refs: list[ReferenceOut], gone: list[ReferenceOut], *, removed: bool
) -> str:
    marks = ", ".join(f"[^{n}]" for n in sorted({r.n for r in refs}))
    what = "was removed or became unreadable" if removed else "changed"
    version = f"SHA-256 {read.sha256[:12]}"
    head = (
        f"{shown_name(str(path))} {what} after this job read it: "
        f"the quotes of {marks} are from the version read ({version})"
    )
    if removed:
        return head
    if not gone:
        return f"{head}; each is still in the file"
    lost = ", ".join(f"[^{n}]" for n in sorted({r.n for r in gone}))
    return f"{head}; {len(gone)} of {len(refs)} ({lost}) no longer in the file"
