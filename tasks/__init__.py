"""Thin Celery tasks around worker.pipeline and reports."""
