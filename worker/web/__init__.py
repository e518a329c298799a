"""The web as the fetcher meets it: the SSRF guard, fetching, and a page's main text.

Imports only the worker's base modules (settings, errors) and ``search``'s rate
limiter; nothing here knows about jobs or the pipeline.
"""
