"""A job's life: the store behind the :class:`~deepref.worker.jobs.store.JobStore`
protocol, its Redis keys, the lifecycle state machine, streaming, webhooks, and the
models clients submit and read. Imports base, ``inference`` and ``web`` (the guard).
"""
