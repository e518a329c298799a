"""The HTTP API and the viewer of jobs and report runs (aiohttp.web).

May import: ``worker`` (client, settings, models), ``reports``, ``reference``, ``search``.
Never ``tasks``: jobs are queued through ``worker.client``.
"""
