"""Entry point of the ``deepref`` command.

The argparse tree is ``cli.commands``; each command names its handler as
``"module:function"``, imported only when that command runs, so ``deepref --help``,
``status`` or ``cancel`` loads none of the other commands' work (the engine, Celery,
the fetcher, the models). A handler returns an exit code. Every error becomes one line on stderr and an
exit code, never a traceback: 2 for bad input (ours, or an option pydantic refused),
1 for anything else, 141 when the reader of our output went away (``| head``), 130
on Ctrl-C. ``DEEPREF_DEBUG=1`` shows the traceback of an unexpected error.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from deepref.cli import commands
from deepref.reference.errors import DeeprefError, InputError

if TYPE_CHECKING:
    from pydantic import ValidationError  # describe_validation_error's annotation


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's usage dump -> one clear line
        self.exit(2, f"deepref: error: {message} (see 'deepref --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="deepref", description="Research with footnotes that lead to the supporting passage.")
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    commands.register(subparsers)
    return parser


def handler_of(args: argparse.Namespace) -> Callable[[argparse.Namespace], int]:
    """The parsed command's handler, ``"deepref.cli.jobs:status"``, imported now."""
    module, _, function = args.handler.partition(":")
    return getattr(importlib.import_module(module), function)


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
        return int(handler_of(args)(args) or 0)
    except InputError as exc:
        return _fail(str(exc), 2)
    except DeeprefError as exc:
        return _fail(str(exc), 1)
    except BrokenPipeError:
        # the reader closed the pipe: Python's recommended exit, without a second
        # error when the interpreter flushes stdout on the way out
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        return _fail("interrupted", 130)
    except Exception as exc:
        from pydantic import ValidationError  # here, not at the top: `--help` needs no pydantic

        if isinstance(exc, ValidationError):  # an option pydantic refused
            return _fail(describe_validation_error(exc), 2)
        # the last resort: a bug of ours, said in one line
        if os.environ.get("DEEPREF_DEBUG"):
            traceback.print_exc()
        return _fail(f"unexpected {type(exc).__name__}: {exc} (this is a bug; DEEPREF_DEBUG=1 shows the traceback)", 1)


def describe_validation_error(exc: ValidationError) -> str:
    """``--max-pages 0`` -> "invalid max_pages: Input should be greater than or equal to 1"."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ())) or exc.title
        parts.append(f"invalid {where}: {err['msg']}")
    return "; ".join(parts)


def _fail(message: str, code: int) -> int:
    with contextlib.suppress(BrokenPipeError):
        print(f"deepref: error: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
