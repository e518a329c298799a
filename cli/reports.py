"""``deepref reports list|run|show``: scheduled bulk reports (docs/reports.md).
``deepref beat`` (in cli/jobs.py) runs the schedule."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time

from deepref.reference.errors import InputError


def _context():
    from deepref.reports.definitions import load_definitions
    from deepref.reports.store import ReportStore
    from deepref.worker.settings import get_settings

    settings = get_settings()
    return settings, load_definitions(settings.reports_file), ReportStore(settings.reports_dir)


def _definition(defs, name):
    if name not in defs:
        raise InputError(f"no report named {name!r}; defined: {', '.join(sorted(defs)) or 'none'}")
    return defs[name]


def list_reports(args: argparse.Namespace) -> int:
    _, defs, store = _context()
    for name, d in sorted(defs.items()):
        sched = (
            (d.schedule.cron or f"every {d.schedule.every}") + f" ({d.schedule.timezone})" if d.schedule else "manual"
        )
        runs = store.runs(name)
        last = f"{runs[-1]['run']} {runs[-1]['status']}" if runs else "never run"
        print(f"{name}\t{len(d.all_questions())} questions\t{sched}\tlast: {last}")
    return 0


def run_report(args: argparse.Namespace) -> int:
    from deepref.reports.run import advance_locked, new_run, run_local

    settings, defs, store = _context()
    definition = _definition(defs, args.name)
    unfinished = store.unfinished(args.name)
    if args.resume and not unfinished:
        raise InputError(f"report {args.name!r} has no unfinished run to resume")
    report = store.load(args.name, unfinished[-1]) if args.resume else new_run(definition, store)
    print(f"run {report['run']}: {len(report['sections'])} questions", file=sys.stderr)
    if args.local:

        def progress(section):
            print(f"  {section['status']}: {section['question']}", file=sys.stderr, flush=True)

        asyncio.run(run_local(report, definition, store, settings, on_section=progress))
    else:
        from deepref.worker.client import Client

        client = Client(settings)
        # the run's lock, as beat's tick takes it: never both submitting the same questions
        while not advance_locked(args.name, report["run"], definition, store, client):
            time.sleep(1.0)
        report = store.load(args.name, report["run"])
    folder = store.run_dir(args.name, report["run"])
    print(f"{report['status']}: {folder}")
    return 0 if report["status"] != "failed" else 1


def show_report(args: argparse.Namespace) -> int:
    _, _, store = _context()
    runs = store.runs(args.name)
    if not runs:
        raise InputError(f"report {args.name!r} has no runs under {store.root}")
    run = args.run or runs[-1]["run"]
    folder = store.run_dir(args.name, run)
    md = folder / "report.md"
    if md.is_file():
        print(md.read_text(encoding="utf-8"))
    else:
        report = store.load(args.name, run)
        print(f"{report['title']} — run {run}: {report['status']}")
        for section in report["sections"]:
            print(f"- [{section['status']}] {section['question']}")
    return 0
