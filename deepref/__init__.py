"""deepref: ask a question, get an answer whose every footnote leads to its passage.

The one import name deepref installs. The repository keeps the folders the design
names (``worker/``, ``tasks/``, ``search/``, ``reference/`` ...) at its root; each is
linked here as a subpackage, so ``deepref.worker`` is ``worker/`` (docs/architecture.md).
"""
