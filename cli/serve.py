"""``deepref serve``: the HTTP API and the viewer (docs/api.md)."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("serve", help="run the HTTP API and the report viewer")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import logging

    from aiohttp import web

    from api.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    web.run_app(create_app(), host=args.host, port=args.port, print=lambda msg: print(msg, flush=True))
    return 0
