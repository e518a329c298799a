"""The ``deepref`` command: its argparse tree in ``cli.commands``, one module per
command group for the work, imported when that command runs.

The top of the tree: may import every other package. Every error becomes one line
and an exit code (``cli.main``).
"""
