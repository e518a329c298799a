"""Entry point of the ``deepref`` command.

Each command group lives in its own module exposing ``register(subparsers)``; the
handler it sets returns an exit code. Errors of ours become one line on stderr and
exit code 2 (bad input) or 1 (anything else): never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from reference.errors import DeeprefError, InputError

COMMAND_MODULES = ("cli.cite", "cli.research", "cli.jobs", "cli.reports", "cli.serve")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's usage dump -> one clear line
        self.exit(2, f"deepref: error: {message} (see 'deepref --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="deepref", description="Research with footnotes that lead to the supporting passage.")
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    # `deepref worker --concurrency 4`: options we do not know are celery's, for the
    # commands that hand them on (argparse.REMAINDER cannot start with an option)
    args, extra = parser.parse_known_args(argv)
    if getattr(args, "passthrough", None):
        args.passthrough_args = [a for a in extra if a != "--"]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return int(args.handler(args) or 0)
    except InputError as exc:
        print(f"deepref: error: {exc}", file=sys.stderr)
        return 2
    except DeeprefError as exc:
        print(f"deepref: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("deepref: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
