"""Thin Celery tasks around worker.pipeline.stages and reports.

Each task converts its JSON payload, calls one plain function and records the outcome
through the job lifecycle. May import: ``worker``, ``reference``, ``search``, ``reports``.
Nothing imports ``tasks`` but the Celery app's task list and the CLI.
"""
