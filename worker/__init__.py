"""Everything of deepref that does I/O around the engine: settings, the web fetcher and
its guard, page extraction, model clients (chat, embeddings), the job store and the
job lifecycle, the pipeline's stage functions, the in-process runner and the client.

May import: ``reference`` (the engine) and ``search`` (providers). Never ``tasks``,
``reports``, ``api`` or ``cli``: those sit on top of it.
"""
