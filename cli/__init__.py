"""The ``deepref`` command: one module per command group, each with ``register()``."""
