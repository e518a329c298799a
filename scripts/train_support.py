"""Retrain the support model: ``python scripts/train_support.py [--out PATH]``.

Reads ExpertQA and WiCE from ../shared/data, embeds them with the local MiniLM
(cached under /tmp/deepref-support-cache, or $DEEPREF_SUPPORT_CACHE), fits the
lexical and the MiniLM weights and writes reference/support_weights.json. The
logic lives in benchmarks/support_train.py, next to the benchmark that measures it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.support_train import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
