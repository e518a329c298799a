"""Paraphrased claims about the held-out docs, for the citing part of the PDF benchmark.

Each pairs a sentence of a held-out docs file (as benchmarks/pdf_layouts.py sets it)
with a claim written by hand in other words; the page the sentence starts on is the
page a citation of the claim should name. Written once, after the reader's tuning, by
reading only these sentences."""

from __future__ import annotations

PARAPHRASES: dict[str, str] = {
    "The worker port has no token: keep it on the private network Prometheus scrapes.": (
        "Because the metrics port of the worker is unauthenticated, expose it only on the internal "
        "network that Prometheus collects from."
    ),
    "The webhook event is signed like a job's (type: report.done|partial|failed, the section counts, summary, "
    "change summary and links).": (
        "Report webhooks carry the same signature as job webhooks and state whether the report finished, "
        "partly finished or failed, with counts and links."
    ),
    "A receiver inside your network needs DEEPREF_WEBHOOK_ALLOW or DEEPREF_WEBHOOK_ALLOW_PRIVATE, which a "
    "refusal names.": (
        "Delivering webhooks to an internal address has to be permitted explicitly, and the error message "
        "tells you which setting does it."
    ),
    "Quote. precise narrows the quote to one to three adjacent sentences; seed quotes the chunk.": (
        "In the precise profile a quotation is cut down to between one and three neighbouring sentences, "
        "while the seed profile quotes the whole chunk."
    ),
    "Boosting on the log-loss (a proper scoring rule) with a small rate stays calibrated on the distribution "
    "it was fitted on.": (
        "Gradient boosting trained with a low learning rate on logistic loss keeps its probabilities "
        "calibrated for data like its training data."
    ),
    "For any split of the input into deltas the output equals rewrite_markers(text, sources) on the whole "
    "text, warnings included (a hypothesis test feeds random splits).": (
        "However the streamed text is chunked, rewriting markers piece by piece gives the same result and "
        "warnings as rewriting the complete text at once, checked by property-based tests."
    ),
    "The job fails on search only when no provider answered any query; its error then names each provider "
    "and why (every search provider failed: openalex: ; arxiv: ).": (
        "A search problem only stops the job if every provider failed on every query, and the error then "
        "lists each provider with its reason."
    ),
    "Tests run each provider against a local server speaking its published format (tests/fakes/scholarly.py, "
    "encyclopedic.py, websearch.py).": (
        "Each search backend is tested against a fake server on the local machine that imitates the "
        "service's documented responses."
    ),
    "Rates are the ones each service documents; deepref spaces its requests to stay within them, shared by "
    "every worker process on every machine through Redis.": (
        "Request pacing follows the limits published by each service and is coordinated through Redis "
        "across all worker processes and hosts."
    ),
    "The worst notice of any record of the work wins (retracted, withdrawn, expression of concern, corrected).": (
        "When several records of a paper disagree, the most serious status among them, such as a "
        "retraction, is the one reported."
    ),
    "No network, no Redis, no Celery, no global state; someone could vendor the folder alone (its only "
    "dependencies are numpy, scipy, rapidfuzz and regex).": (
        "The citation package needs no network, queue or shared state and could be copied into another "
        "project on its own, depending only on a few numeric and text libraries."
    ),
    "An id names the source whose Source.id equals it; if no source has a numeric id, it names the source "
    "at that 1-based position.": (
        "A bracketed number refers to the source with that identifier or, when no identifier is numeric, "
        "to the source at that position counting from one."
    ),
    "A candidate scoring within TIE (0.02) of the claim's best now has rank 0, top1 1 and margin 0.": (
        "Any candidate whose score is within two hundredths of the best one for the claim is treated as "
        "tied for first place."
    ),
    "A worker on both queues takes an interactive message first whenever one waits (kombu's "
    "queue_order_strategy=priority, with prefetch 1): a quick job waits at most for the stages already "
    "running.": (
        "When a worker listens on both queues it always picks up a waiting interactive task before batch "
        "work, so quick jobs only wait for stages already in progress."
    ),
    "Behind a bearer token: DEEPREF_METRICS_TOKEN (give Prometheus this one, not the API token), else "
    "DEEPREF_API_TOKEN; open only when the API has no token (then it listens on loopback only).": (
        "The metrics endpoint requires a bearer token, preferably a dedicated one for Prometheus rather "
        "than the API token, and is open only when the API itself has no token."
    ),
}
