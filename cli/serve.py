"""``deepref serve``: the HTTP API and the viewer (docs/api.md).

It refuses to listen beyond loopback without ``DEEPREF_API_TOKEN`` (and refuses a
token too short to be one); ``--insecure-no-auth`` overrides the first, loudly.
"""

from __future__ import annotations

import argparse


def run(args: argparse.Namespace) -> int:
    import logging
    import sys

    from aiohttp import web

    from deepref.api.accesslog import RedactingAccessLogger
    from deepref.api.app import create_app
    from deepref.api.security import check_listen
    from deepref.worker.settings import get_settings

    settings = get_settings()
    warnings = check_listen(args.host, settings, insecure_no_auth=args.insecure_no_auth)  # raises: exit 1
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for warning in warnings:
        logging.getLogger("api").warning(warning)
        print(f"deepref: WARNING: {warning}", file=sys.stderr, flush=True)
    if "*" not in settings.api_allowed_hosts:  # the first thing a remote user would trip on
        names = ", ".join(settings.api_allowed_hosts)
        logging.getLogger("api").info("answering requests for Host %s only (DEEPREF_API_ALLOWED_HOSTS)", names)
    web.run_app(
        create_app(settings, warnings=warnings),
        host=args.host,
        port=args.port,
        access_log_class=RedactingAccessLogger,
        print=lambda msg: print(msg, flush=True),
    )
    return 0
