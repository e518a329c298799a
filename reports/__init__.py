"""Scheduled bulk reports: definitions, schedules, runs, storage and change summaries.

May import: ``worker`` (jobs, settings, model clients), ``reference`` (one reference list
for a whole report), ``search``. Never ``api`` or ``cli``: the API and CLI show reports,
reports do not know about them.
"""
