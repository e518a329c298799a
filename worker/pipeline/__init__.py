"""Research itself: the stages, the process's network clients, the embedded runner,
the extractive answer, deep research and the model's citation judge. The top layer of
``worker/`` below the entry points (``celery_app``, ``client``).
"""
