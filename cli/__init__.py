"""The ``deepref`` command: one module per command group, each with ``register()``.

The top of the tree: may import every other package. Every error becomes one line
and an exit code (``cli.main``).
"""
