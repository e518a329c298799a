"""Main text of an HTML page: the parts behind :func:`worker.web.extract.extract`.

``html`` picks the text (trafilatura with its defaults, resiliparse when trafilatura
keeps too little of the page), ``kinds`` tells product pages from the rest by their
markup, ``structured`` reads the facts a page keeps in JSON-LD. All pure: a string in,
a frozen dataclass out, so extraction can run in a worker process.
"""
