"""Hand-written paraphrases of tune-split sentences, for tuning the library's ranking.

benchmarks/pdf_claims.py holds the held-out split's paraphrases (never looked at while
tuning); these are the tune split's (docs files that ``sources("tune")`` returns), so
that the retrieval ranking (benchmarks/pdf_retrieval.py, ``--split tune``) is tuned
on questions in other words too, not on verbatim sentences alone, which lexical
ranking answers by itself. Written from the sentence alone, before any ranking was
measured on them; each key is a sentence of the tune split's PDFs, word for word.
"""

from __future__ import annotations

TUNE_PARAPHRASES: dict[str, str] = {
    "It talks to the same Redis as the workers (DEEPREF_REDIS_URL); jobs it accepts are run by deepref worker "
    "processes.": ("The web server shares its Redis instance with the workers, which execute the jobs it takes in."),
    "A job that does not wait for approval: 409 NotAwaitingApproval.": (
        "What error do I get when approving a job that is not waiting for sign-off?"
    ),
    "Events of both kinds come in the order they were written (the API reads the state and text streams of the job "
    "in one XREAD and interleaves them by id).": (
        "State and text updates arrive merged in write order because both streams are read together."
    ),
    "Listed origins get CORS headers (Authorization, Content-Type and Last-Event-ID allowed, preflights answered).": (
        "Cross-origin requests from allowed sites receive the right access-control headers."
    ),
    "The answer is rendered from Markdown on the server (markdown-it, raw HTML escaped) with every footnote marker "
    "a link.": ("The server turns the answer into HTML, escaping any embedded markup and linking each footnote."),
    "The embedder is a table of precomputed vectors (bags of word vectors) looked up by text, its own time "
    "subtracted.": (
        "Instead of a real model, embeddings come from a lookup of vectors computed in advance, and that lookup "
        "time is not counted."
    ),
    "Shipped model: gradient-boosted trees under monotone constraints (lexical and MiniLM weight sets, fitted by "
    "benchmarks/support_train.py); default level chosen for 85% of held-out model citations supported.": (
        "The support classifier that ships is a boosted tree ensemble constrained to be monotone."
    ),
    "Children now keep the inherited session alive and never free it; gdb showed the join.)": (
        "Forked child processes no longer release the session they inherit from the parent."
    ),
    "Arabic and Hebrew are shaped and ordered by Pango, and a section in a right-to-left language is laid out right "
    'to left (dir="rtl", its lang set); CJK lines break between characters.': (
        "How are right-to-left scripts like Arabic handled when rendering the document?"
    ),
    "One entry per footnote number (a source cited by several claims is one entry), in footnote order.": (
        "A source cited many times still appears only once in the bibliography, ordered by note number."
    ),
    "Every finished report run writes references.bib, references.ris and references.json (CSL-JSON) next to "
    "report.md, report.html and report.json, from the report's shared reference list.": (
        "Completed report runs also save the bibliography as BibTeX, RIS and CSL JSON files."
    ),
    "A key already used in the same export gets -2, -3, , so keys depend only on the metadata and the footnote "
    "order.": ("Duplicate citation keys are disambiguated with a numeric suffix."),
    "URLs are verbatim, underscores, % and # included, as the url field is read by biber and the url package; only "
    '{ } \\ " and spaces in a URL are percent-encoded.': (
        "Web addresses are copied unchanged into the bibliography except for braces, backslashes, quotes and "
        "spaces, which get escaped."
    ),
    "Web PDFs are read by the same reader, so they get page locators too.": (
        "PDF files fetched from the internet also get page numbers in their citations."
    ),
    "A folder with nothing readable fails with a message listing the supported formats.": (
        "If no file in the directory can be parsed, the error lists which file types are accepted."
    ),
    "For OCR'd pages, running lines are the lines at the top or bottom of at least half of the pages, page numbers "
    "counting as equal (documents of three pages or more).": (
        "On scanned documents, a header or footer is a line repeated at the page edge on most pages."
    ),
    "They are read by search/documents/, one module per format; every passage keeps where it came from, and every "
    "reference to it names and links that place.": (
        "Each file type has its own parser, and every excerpt remembers its origin so citations can point to it."
    ),
    "Fetching and extraction share one stage so that raw pages (megabytes) never travel through Redis; their text "
    "does.": (
        "Downloading and text extraction happen together so that large HTML bodies are not sent over the message "
        "broker."
    ),
    "Fetching runs concurrently inside one task, over one aiohttp session per worker process with a semaphore "
    "(DEEPREF_FETCH_CONCURRENCY).": ("How many pages are downloaded in parallel, and how is that limited?"),
    "Every Redis key deepref writes, Celery's prefix included, is built in worker/jobs/keys.py.": (
        "All key names in the database are constructed in a single module."
    ),
    "Then the reaper fails the job (error.type ApprovalExpired, stage plan, the message says how long it waited and "
    "to submit again); without a reaper, the next status read, edit or approval does it.": (
        "What happens to a job whose plan is never approved before the deadline?"
    ),
    "A cancelled job stops at the next round boundary: the running round ends, nothing after it is queued.": (
        "Cancelling a research job lets the current round finish and prevents any further rounds."
    ),
    "Read from DEEPREF_REPORTS_FILE (default reports.yaml; .toml files are read as TOML).": (
        "Which file configures the scheduled reports, and can it be written in TOML?"
    ),
    "Only the latest missed slot runs after downtime: a beat that was off for a week does not fire a week of runs "
    "at once.": ("After the scheduler was down for days, only the most recent missed run is started, not all of them."),
    "A run submits one research job per question through the queue, at most concurrency at a time, collects the "
    "results, and when every question has finished, assembles the report.": (
        "Each question in a report becomes its own job, with a cap on how many run in parallel, and the document is "
        "built once all are done."
    ),
    "A run whose coordinator crashed beat, a worker, or the CLI continues from that record, and questions already "
    "answered are never asked again.": (
        "If the process driving a report dies, the run resumes without redoing the questions that were finished."
    ),
    'The byte limits (docs/library.md, "Bad input": 100 MB a file, 200 MB inflated, 100× a member) bound what a '
    "file holds; these bound what it yields.": (
        "Size caps on input files limit how large a document can be, and separate caps limit how much text it can "
        "produce."
    ),
    "A job's folder is named by a caller, and whoever can write inside it (or inside the operator's "
    "DEEPREF_API_CORPUS_ROOT S) may change it between the check and the read.": (
        "Someone with write access to the document directory could swap files after they are validated but before "
        "they are opened."
    ),
    "DuckDuckGo is read by the ddgs package, whose own client sets its limits.": (
        "The DuckDuckGo search goes through a third-party library that applies its own timeouts and size caps."
    ),
    "Not done: the weights still come from a package whose publisher the project does not know.": (
        "An open risk is that the embedding model files are downloaded from a publisher nobody has vetted."
    ),
}
