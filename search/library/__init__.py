"""The on-disk index of a corpus folder: built once, updated incrementally, shared.

- :mod:`search.library.store`: the SQLite FTS5 database of one folder (schema, the
  read-only searcher every process opens, where it lives).
- :mod:`search.library.update`: ``deepref index`` and a job's freshness check: reads
  only the files added, changed or removed since the last run, under a writer lock.
- :mod:`search.library.vectors`: the passages' dense vectors, stored at index time.
- :mod:`search.library.hybrid`: the lexical top-k reranked by those vectors.

Why SQLite FTS5 and how to deploy it on one machine or many: docs/library.md.
"""

from pathlib import Path

DEFAULT_INDEX_DIR = Path("~/.cache/deepref/index")
"""Where indexes live unless DEEPREF_INDEX_DIR says otherwise (worker/settings.py)."""
