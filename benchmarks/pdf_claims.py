"""Paraphrased claims about the held-out docs, for the citing part of the PDF benchmark.

Each pairs a sentence of a held-out docs file (as benchmarks/pdf_layouts.py sets it;
the same text in every layout kind) with a claim written by hand in other words; the
page the sentence starts on is the page a citation of the claim should name.

137 claims. The first 15 were written once, after the reader's tuning, by reading only
these sentences. The other 122 (issue 34, 2026-11-29: 15 were too few to show a 0.97
target) were written while the citation engine was being tuned on the tune split, by
reading only the held-out sentences: not the engine's code, nor the benchmark's
results per claim. They are spread over every held-out file that makes a document of
two pages or more in some layout: integrations 20, mcp 12, references 55, search 16,
and architecture 9 and evaluation 10 (two pages or more as slides only), from each
file's first page to its last, sentences that resemble others in the same file
included. About 57% restate the whole sentence, 24% only the main part of a long one,
19% sum it up in plain words, as a user's answer sentence would: synonyms and changed
structure, not the sentence's distinctive phrases (a setting's or file's name stays
where nothing else names it).

A key must be a sentence of ``make(kind, path).sentences`` exactly; one whose sentence a
docs edit changed is no longer asked (tests/benchmarks/test_pdf_claims.py counts them)."""

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
    # architecture.md
    "deepref is nine packages under one import name, deepref.": (
        "The project is made of nine packages that all live under a single top-level import name."
    ),
    "Data crosses package borders as frozen dataclasses (inside a process) or pydantic models (between processes: "
    "Celery payloads, Redis records, HTTP bodies).": (
        "Values handed from one package to another are immutable dataclasses within a process and pydantic models "
        "between processes, such as task payloads, stored records and request bodies."
    ),
    "Inside reference/ and worker/ no modules import each other in a circle (tests/test_architecture.py; a late "
    "import inside a function counts, one under if TYPE_CHECKING: does not).": (
        "Modules inside reference/ and inside worker/ never import one another in a cycle."
    ),
    "Types are checked by mypy in make test (scripts/test.sh, after ruff), on the packages [tool.mypy] in "
    "pyproject.toml lists: every package (worker/, tasks/, reference/, search/, bibliography/, reports/, api/, "
    "cli/).": (
        "Static type checking with mypy is part of the test target, running after the linter over every package that "
        "the project configuration names."
    ),
    'For pip, pyproject.toml says package-dir = {"" = "src"}, and src/ holds one link, src/deepref -> ../deepref.': (
        "For pip, the source directory holds nothing but a symbolic link back to the real package folder."
    ),
    "The wheel copies the files through the links. tests/test_packaging.py builds both with setuptools' own hooks.": (
        "Building the wheel copies the linked files into it, and a test builds both install forms using setuptools' "
        "own hooks."
    ),
    "Walk the folders themselves (worker/, as tests/test_architecture.py does), os.walk(..., followlinks=True), "
    "Path.rglob(..., recurse_symlinks=True) from Python 3.13, or point the tool at the installed wheel, where the "
    "files are real.": (
        "To see the real files, traverse the package folders directly or make the directory walk follow symbolic links."
    ),
    "The local provider returns file:// URLs of files inside the corpus folder.": (
        "The provider for local documents answers with file:// addresses that point into the corpus directory."
    ),
    "With no LLM configured, worker.pipeline.stages builds an extractive answer from the best-ranked passages "
    '(answer_mode="extractive").': (
        "If no language model is set up, the answer is assembled from the top-ranked passages themselves rather than "
        "generated."
    ),
    # evaluation.md
    'deepref checks every citation with its support model before a footnote is kept (docs/references.md, "Support").': (
        "Before a footnote is kept, deepref checks each citation against its support model."
    ),
    "That model is small and runs anywhere; it keeps model citations at precision 0.820.85 on human labels, not 1.0.": (
        "Because the support model is small enough to run on any machine, the citations it keeps are precise only to "
        "about 0.82 to 0.85 by human judgement, not perfectly."
    ),
    "A file is read by its suffix: .json as a result or a report run, .html as a page whose footnote links point at "
    "its own anchors (deepref's --format html, or any page with links), anything else as Markdown (footnotes [^n]: "
    "url, numbered references, inline links).": (
        "The command chooses how to read a file from its extension: JSON as results, HTML as pages, and Markdown for "
        "everything else."
    ),
    "A (claim, URL) pair is counted once, as FACT does.": (
        "Following FACT, each pairing of a claim with a URL is counted only a single time."
    ),
    "A page that cannot be read leaves its citations not judged, with the reason.": (
        "If a page can't be loaded, the citations pointing at it are left unjudged and the reason is recorded."
    ),
    "Pairs go 8 to a request as a JSON list; each passage is cut to 2,000 characters.": (
        "Eight pairs are sent per request as a JSON array, and every passage is truncated to 2,000 characters."
    ),
    "A request that fails, or an answer that is not that JSON (or leaves items out), is asked once more; what is "
    "still missing is not judged, never guessed.": (
        "When a call errors or the reply is malformed or incomplete, it is retried one time; anything still lacking a "
        "verdict stays unjudged instead of being guessed."
    ),
    'Reasoning models work: their thinking is not read as the answer (docs/pipeline.md, "Reasoning models").': (
        "Models that think before answering are supported, since their reasoning is not mistaken for the reply."
    ),
    "FACT's judge answers yes or no, so a partial verdict counts as not supported; the figure counting partial "
    "support as supported is printed beside it, so you see how much that choice moves it. - Effective citations = "
    "the number of supported pairs. - Pairs not judged count in neither.": (
        "Since FACT's judge only says yes or no, a partly supported citation is counted as unsupported."
    ),
    "No capable chat model can run on the machines this project is built and tested on (no GPU, no model weights to "
    "download, no network to hosted APIs), so no judge model's accuracy has been measured here.": (
        "The build machines lack a GPU, model weights and access to hosted services, so no strong chat model could be "
        "run and no judge has been evaluated."
    ),
    # integrations.md
    "Every setting named here is in configuration.md; all can be set in docker-compose.yml (the x-deepref-env block "
    "passes them through from .env).": (
        "Every setting mentioned is documented in the configuration page and can be passed through the compose file."
    ),
    "Name a callback_url and deepref POSTs a signed JSON event when the job ends (done, failed or cancelled), instead "
    "of you polling GET /v1/jobs/{id}.": (
        "If you give a callback address, deepref sends a signed JSON notification by POST once the job finishes, fails "
        "or is cancelled, so there is no need to keep asking for its status."
    ),
    "Checked at submit. http or https only, a host, no user:password@, at most 2000 characters, and "
    "DEEPREF_WEBHOOK_SECRET (32+ characters) must be set; otherwise the submit fails with an InputError (HTTP 422 "
    "from the API, exit 2 from the CLI) that says why.": (
        "The callback URL is validated when the job is submitted, and unless a webhook secret of 32 or more characters "
        "is configured the submission is rejected with an explanation."
    ),
    "The answer travels inline up to 4000 characters; a longer one comes as answer_excerpt (its first 1000) with "
    '"answer_truncated": true: fetch the whole result from links.status.': (
        "Answers of up to 4000 characters are included in the event itself; longer ones are cut to their first 1000 "
        "characters and flagged as truncated, and the full result can be retrieved through the status link."
    ),
    "Links are absolute when DEEPREF_PUBLIC_URL is set, paths otherwise. id is the same on every retry of one event: "
    "use it to drop duplicates (a delivery may arrive twice if deepref cannot tell that the first one got through).": (
        "An event keeps the same id when it is sent again, so a receiver can use it to ignore duplicates."
    ),
    'Deepref-Signature: t=<unix seconds>,v1=<hex>, where hex is HMAC-SHA256 with the secret over the bytes "<t>." + '
    "body.": (
        "The signature header holds a Unix timestamp and a hex HMAC-SHA256 digest computed with the secret over the "
        "timestamp, a dot and the body."
    ),
    "Verify the raw body (before any JSON parsing) and refuse old timestamps, which stops replays:": (
        "Check the signature against the unparsed request body and reject stale timestamps to prevent replay attacks."
    ),
    "Any answer but 2xx (a redirect too: it is not followed), a timeout (DEEPREF_WEBHOOK_TIMEOUT) or a connection "
    "error is retried after DEEPREF_WEBHOOK_BACKOFF_SECONDS, doubling each time (at most 10 minutes apart), until "
    "DEEPREF_WEBHOOK_MAX_ATTEMPTS attempts or DEEPREF_WEBHOOK_RETRY_SECONDS after the first.": (
        "Non-2xx replies, timeouts and connection errors are retried with a delay that doubles each time, until a "
        "maximum number of attempts or a time limit is reached."
    ),
    "state is pending while attempts remain, then delivered or failed.": (
        "The delivery status stays pending as long as attempts are left and ends up as either delivered or failed."
    ),
    'Through the same SSRF guard as page fetches (pipeline.md, "Security model"): a callback that is, or resolves '
    "to, a loopback, private, link-local or reserved address is refused (a literal address at submit, a name when it "
    "is called; a refused address is not retried).": (
        "Callbacks go through the same server-side request forgery check used for fetching pages, which turns away "
        "targets on internal or special-purpose addresses."
    ),
    "A receiver inside your network must be allowed explicitly, apart from what the fetcher may reach: "
    'DEEPREF_WEBHOOK_ALLOW=\'["private"]\' (or ["loopback"]), or DEEPREF_WEBHOOK_ALLOW_PRIVATE=true for every '
    "non-public kind.": (
        "Delivering to a receiver on your own network has to be permitted on purpose, separately from what the fetcher "
        "can reach, by allowing private or loopback addresses or by enabling the setting for every non-public kind."
    ),
    "The secret is never logged, stored on a job, or put in an event.": (
        "The webhook secret never appears in logs, in job records or in events."
    ),
    "Interactive jobs (CLI submit, the API, MCP) go to the broker queue deepref.interactive; report sections go to "
    "deepref.bulk, so a 200-question report never sits in front of a single question.": (
        "Questions from the CLI, API and MCP are placed on the interactive queue while report sections use the bulk "
        "queue, so a large report never holds up a single question."
    ),
    "Dedicated workers per queue isolate them completely (bulk work can never occupy an interactive slot); use them "
    "when reports are large.": (
        "Running separate workers for each queue means bulk work can never take an interactive slot, which is worth "
        "doing for big reports."
    ),
    "DEEPREF_LLM_MAX_CONCURRENCY=4 lets at most 4 chat requests reach one model at once, across every worker, through "
    "leases in Redis (a killed worker's lease expires after DEEPREF_LLM_CONCURRENCY_LEASE_SECONDS).": (
        "Setting the LLM concurrency limit to 4 allows no more than four simultaneous chat requests to a model across "
        "all workers, using leases held in Redis."
    ),
    "GET /metrics on the API (deepref serve): the API process's metrics plus gauges read from Redis at each scrape "
    "(unfinished jobs by state, queue depth per queue).": (
        "The API's metrics endpoint reports the metrics of the API itself together with gauges fetched from Redis "
        "whenever it is scraped, like jobs still unfinished by state and how deep each queue is."
    ),
    "Both follow the rule of every secret: at least 32 characters, and deepref serve refuses to start with an empty "
    "or shorter one (an empty token never opens /metrics).": (
        "Both tokens must be at least 32 characters long, and the server won't start if the token is empty or too "
        "short."
    ),
    "The e-mail (settings DEEPREF_SMTP_) carries the Markdown report as text/plain and the HTML report as the "
    'alternative part, the change summary at the top of both; subject "title run (status)", on one line (a line '
    "break or control character in a title or subject becomes a space).": (
        "Report e-mails contain the report both as plain text and as HTML, with the summary of changes at the top."
    ),
    "STARTTLS is required unless DEEPREF_SMTP_STARTTLS=false; the login is never sent unencrypted.": (
        "Encryption with STARTTLS is mandatory unless explicitly turned off, so credentials are never sent in clear "
        "text."
    ),
    "Each delivery is tried DEEPREF_REPORT_DELIVERY_ATTEMPTS times with backoff (a refused address or a configuration "
    "error is not retried), every attempt is recorded in the run's report.json (deliveries, the webhook's URL "
    'redacted: docs/reports.md, "Runs"), a failed delivery never keeps the next one from being tried, and never '
    "fails the run.": (
        "A failed report delivery is retried with backoff and recorded, but it neither stops the other deliveries from "
        "being tried nor makes the run fail."
    ),
    # mcp.md
    "deepref mcp serves deepref to agents and chat clients that speak the Model Context Protocol: Claude Desktop, "
    "Claude Code, Cursor, any client built on an MCP SDK. It is built on the official Python SDK (mcp, the 2.x "
    "MCPServer), in cli/mcp_server.py and cli/mcp_http.py.": (
        "The mcp command makes deepref available to agents and chat clients using the Model Context Protocol, such as "
        "Claude Desktop, Claude Code and Cursor."
    ),
    "With no env at all it works too: research runs in the server's process, searches DuckDuckGo, and answers "
    "extractively (no model).": (
        "Without any environment variables it still functions, doing the research inside the server, querying "
        "DuckDuckGo and building the answer from extracts rather than with a model."
    ),
    "Every input is typed, with a description and bounds, in the tool's JSON schema.": (
        "Each tool input has a type, a description and limits declared in the tool's JSON schema."
    ),
    "Where research runs. --research local runs the pipeline in the server's process (the embedded default: no Redis, "
    "no worker); --research queued submits a job to Redis and waits for it (workers must run: before queuing, it "
    "pings them for a second, and with none answering says so at once, with how to start one, instead of waiting out "
    "wait_seconds); --research auto, the default, is queued when DEEPREF_REDIS_URL is set and local otherwise.": (
        "By default the server queues research through Redis if a Redis URL is configured, and otherwise runs it "
        "inside its own process."
    ),
    "A cancelled tool call cancels its queued job. follow_up runs where research does; its parent (the job's answer "
    "and sources) is read from Redis either way. submit, status, result, export, plan, approve and cancel always use "
    "Redis.": (
        "Cancelling a tool call also cancels the job it queued, and the job-management tools always go through Redis."
    ),
    "Errors come back as tool errors (isError: true) with the CLI's one-line message: invalid question: String should "
    "have at least 1 character, job 5b0c is not finished yet (state: fetching); poll again or pass wait=True, "
    "options.corpus_dir /x: no such folder, invalid input at sources.0.url: Field required.": (
        "Failures are returned as tool errors carrying the same one-line message the CLI would print."
    ),
    "A bug is logged with its traceback on the server's stderr and reported to the client as Error executing tool "
    "<name>, never with the traceback.": (
        "An unexpected bug is logged on the server's stderr with its full traceback, but the client only gets a "
        "generic error naming the tool, with no traceback."
    ),
    "Options the operator does not allow (llm_model, provider, embedder, profile: see configuration.md) are refused "
    "as in the API. A corpus folder is checked by the API's code (worker/confine.py): a NUL byte, a symlink loop or "
    "~nosuchuser gets the API's one-line message, and log lines cut any long name a client sent.": (
        "Options the operator has not permitted, such as the model, provider, embedder or profile, get rejected just "
        "as the API rejects them."
    ),
    "They are read from DEEPREF_REPORTS_DIR; a name or run with anything but letters, digits, -, _ and . is refused.": (
        "Resources are loaded from the reports directory, and any name or run containing characters other than "
        "letters, digits, hyphens, underscores and dots is rejected."
    ),
    "The SDK's streamable HTTP transport is an ASGI app, so deepref mcp --http serves it with uvicorn (installed with "
    "the SDK) on a port of its own (default 8001), beside deepref serve on 8000 rather than inside the aiohttp API. "
    'It follows the API\'s rules (api.md, "Security model"):': (
        "Over HTTP, the MCP server runs under uvicorn on a separate port, 8001 by default, next to the main API on "
        "8000."
    ),
    "With docker compose, the optional mcp service serves it on the host's loopback, research queued on the compose "
    "workers:": (
        "When using docker compose, an optional service offers the MCP server on the host's local interface only and "
        "hands research to the stack's workers as queued jobs."
    ),
    "tests/cli/test_mcp.py starts deepref mcp as a real process and drives it with the SDK's ClientSession: tools "
    "listed with their schemas, cite equal to deepref cite's output, bad inputs as tool errors, research on "
    "examples/corpus with its progress notifications, report files read as resources, submit/status/result/research "
    "against Redis (db 13) and a real worker, and streamable HTTP with its token and Host checks.": (
        "The MCP tests launch a real server process and exercise it with the SDK's client, covering tools, errors, "
        "research, resources, jobs in Redis and the HTTP security checks."
    ),
    # search.md
    "deepref finds pages and works through one or more search providers.": (
        "To locate web pages and scholarly works, deepref relies on one or several search backends."
    ),
    "A job names them with --provider (CLI), options.provider (API, MCP, a report's options) or the operator's "
    "DEEPREF_SEARCH_PROVIDER: one name, several joined with commas (openalex,arxiv,local), or a preset.": (
        "A job can choose its providers by command-line flag, API option or operator setting, as a single name, a "
        "comma-separated list or a preset."
    ),
    "A remote caller's options (the API, deepref mcp --http) only narrow the operator's choice: every provider a spec "
    "names (presets resolved) must be one of DEEPREF_ALLOWED_PROVIDERS (default: those of DEEPREF_SEARCH_PROVIDER, "
    "and local).": (
        "Remote callers can only restrict the operator's provider choice; every provider they ask for has to be on the "
        "allowed list."
    ),
    "Naming a provider whose key is not set is a configuration error that names the setting, when a worker starts "
    "(for DEEPREF_SEARCH_PROVIDER) and when the job is submitted; a preset leaves such a provider out instead.": (
        "Asking for a provider whose key hasn't been set is a configuration error that mentions the setting, raised "
        "when a worker starts and at submission; presets simply skip such providers."
    ),
    "Every provider has a base-URL setting (DEEPREF_<NAME>_URL, for a proxy, a mirror or tests; configuration.md).": (
        "Each provider's base address can be overridden by its own URL setting, for a proxy, a mirror or testing."
    ),
    "One work is one source.": ("A single publication counts as a single source."),
    "Results of every provider and query are merged by normalised URL and by identity: a shared DOI, arXiv id "
    "(arXiv's own 10.48550/arXiv.<id> DOI counts as the id) or PMID is one work.": (
        "deepref merges what every provider returns for every query, matching on the cleaned-up address and on "
        "identifiers, so entries with the same DOI, arXiv id or PMID become one work."
    ),
    "The better-ranked record keeps its place and gains what the other knew, so a preprint and its journal version "
    "share one number; the journal's DOI, venue and type win over the preprint's. - Works, not hosts.": (
        "A preprint and its published journal version get one shared number, with the journal's DOI, venue and type "
        "taking precedence."
    ),
    "A work with a DOI, arXiv id or PMID counts as itself, not as its resolver (doi.org, arxiv.org, PubMed), so "
    "Crossref's twenty distinct works on doi.org are twenty hits, up to DEEPREF_MAX_PAGES (12), not three.": (
        "Works with an identifier count on their own rather than under the resolver's host, so twenty different works "
        "on doi.org are twenty results."
    ),
    "Without one, or when it cannot be read, the provider's abstract is the source, and the source and its references "
    'say cites: "abstract". A landing page is never read as the paper (it is mostly a publisher\'s paywall); a work '
    "with neither full text nor abstract is listed under failures. - Metadata into every export.": (
        "When there is no readable full text, the provider's abstract is used, and a paper's landing page is never "
        "treated as the paper itself."
    ),
    "BibTeX writes @article (with journal), @inproceedings (booktitle) or @misc, with doi, eprint (archiveprefix = "
    "arXiv) and pmid; RIS JOUR/CPAPER with DO and AN; CSL-JSON the work's type with DOI, PMID and a preprint's "
    "arXiv: number.": (
        "In BibTeX a work becomes an article with its journal, an inproceedings with its book title, or a misc entry, "
        "carrying DOI, eprint and PMID; RIS and CSL-JSON get matching types and identifiers."
    ),
    "Cite keys take the first author's family name without particles and the year: dieleviegas2020tidal, "
    "berg2019ocean (exports.md).": (
        "Citation keys are built from the year and the first author's surname with particles dropped."
    ),
    "takes a slot from the provider's rate limiter first; - on 429 waits what Retry-After asks (seconds or an HTTP "
    "date), at most DEEPREF_SEARCH_MAX_WAIT_SECONDS; a longer demand fails at once; - on 5xx, a timeout "
    "(DEEPREF_SEARCH_TIMEOUT) or a malformed body (not JSON or XML, or not the documented shape) is retried with "
    "exponential backoff, DEEPREF_SEARCH_RETRIES times; - on 401/403 fails at once (a wrong key; never retried).": (
        "On a 429 response the client waits as long as Retry-After requests, up to a maximum, and gives up immediately "
        "if asked to wait longer; a 401 or 403 fails immediately without retries."
    ),
    "A provider that still fails is skipped for the rest of the job, with a warning, and the job goes on with the "
    "others; a failure after its first page keeps the pages already read.": (
        "If a provider keeps failing, it is dropped for the remainder of the job with a warning and the other "
        "providers carry on; pages it returned before failing are kept."
    ),
    "The result's search lists, per provider, its queries, hits, requests, retries, seconds waited, failures, queries "
    "answered and whether it was skipped; a standard/deep job adds up its rounds, and a provider skipped in one "
    "round is not asked again in the next.": (
        "The result reports search statistics for every provider, such as its queries, hits, retries and failures."
    ),
    "search/spec.py (names, presets, configuration), search/api.py (the retry loop and per-job counts), one module "
    "per provider (search/openalex.py, crossref.py, semanticscholar.py, arxiv.py, pubmed.py, wikipedia.py, "
    "tavily.py, brave.py, exa.py), search/combined.py (several providers as one), search/merge.py and "
    "search/identifiers.py (one work, one source), worker/web/scholarly.py (full text or abstract), "
    "worker/search_config.py (settings to provider configuration).": (
        "The search code is split into a specification module, a retry loop, one module per provider, and modules that "
        "merge results so that each work becomes one source."
    ),
    # references.md
    "A pure library: text in, references out.": (
        "The reference engine is a self-contained library that turns text into references."
    ),
    'Embedders do I/O, so they are passed in: worker.inference.embedding.get_embedder("local") builds the packaged '
    "MiniLM.": ('Since embedders perform I/O, callers supply them; get_embedder("local") creates the bundled MiniLM.'),
    "Guarantees, each checked by tests: source.text[quote_span[0]:quote_span[1]] == quote, and locate_quote(quote, "
    "source.text) finds that span; removing the markers in .markers from .answer gives back the input exactly; "
    "markers and reference definitions use the same numbers.": (
        "Tests verify that each quote's span slices exactly that quote out of the source text and that stripping the "
        "markers restores the original input."
    ),
    "Code blocks, inline code, headings, URLs, table rules, HTML tags and existing markers are protected ranges: "
    "never cited, never written into. 2.": (
        "Code, headings, links, table rule lines, HTML tags and any markers already there are left untouched: the "
        "engine neither cites them nor writes into them."
    ),
    "Chunk the sources into passages that keep their character offsets (chunk_text: whole sentences, at most 600 "
    "characters in precise; the seed's non-empty lines of at least 80 characters in seed).": (
        "Sources are split into passages that remember their character positions: whole sentences up to 600 characters "
        "for precise, or lines of 80 characters or more for seed."
    ),
    "Two sources with the same text are one page and are chunked once.": (
        "When two sources contain identical text they are treated as a single page and chunked only once."
    ),
    "In extracted web text each line is a paragraph, heading or item, so a line break ends a sentence.": (
        "In text taken from the web, a line break ends a sentence, since every line is its own paragraph, heading or "
        "item."
    ),
    "A note folded at 80 or 120 columns is read as whole paragraphs instead (reference/wrapping.py): a break is a "
    "fold when the nearby lines bunch under one width of 50160 columns, at least two of them reach it in "
    "mid-sentence, and the next line's first word would not have fit (or the next line goes on in lower case).": (
        "Notes hard-wrapped at 80 or 120 columns are recognised and joined back into full paragraphs."
    ),
    "In the answer, which is Markdown, markdown-it's paragraphs decide: a soft break inside one ends no claim, a hard "
    "break does.": (
        "Claims in the Markdown answer follow markdown-it's paragraphs: a soft line break within a paragraph does not "
        "end a claim, but a hard one does."
    ),
    "Lexical: tokens are lower-cased words (stop-words out, plural -s stripped) and, for CJK runs, overlapping "
    "character bigrams, because whitespace tokenising turns a Chinese sentence into one token and scores it 0 "
    "against everything.": (
        "For CJK text the lexical tokens are overlapping pairs of characters, since splitting on spaces would make a "
        "whole Chinese sentence a single token."
    ),
    "If the embedder is missing or raises, the lexical score is used and a warning says so.": (
        "When there's no embedder or it throws an error, the engine falls back to the lexical score and warns about it."
    ),
    "With a slow local model, only each segment's 8 best chunks by lexical score are embedded: on a typical job (30 "
    "sentences, 20 pages, ~3,900 chunks) this cut the time from 52 s to 4.9 s with the same references "
    "(docs/benchmarks.md).": (
        "With a slow local model, only the top 8 lexical candidates per segment get embedded, which made a typical job "
        "about ten times faster with identical references."
    ),
    "Passages the model cited are always embedded, so a citation is never verified on lexical evidence alone. 5.": (
        "Any passage the model itself cited is always embedded, so no citation is checked on word overlap alone."
    ),
    "Judge and select. precise: each sentence's 4 best chunks by score are judged by the support model; a pair is "
    "kept when its support clears min_support, up to 3 references per sentence from distinct sources, each within "
    "0.25 of the sentence's best support. seed: the seed's greedy rule on raw scores (best pair first, each segment "
    "and each chunk used once, stop at max_ref, threshold 0.7); support is still computed and reported. 6.": (
        "In precise, the support model judges each sentence's four top-scoring chunks and keeps up to three references "
        "from different sources that reach the minimum support."
    ),
    "An attributed reference quotes the window of its chunk that best covers the claim (a longer window must cover "
    "0.05 more of the claim's weight per extra sentence).": (
        "An attributed reference quotes the part of its chunk that covers the claim best, a longer span having to "
        "cover 0.05 more of the claim's weight for every added sentence."
    ),
    "On WiCE's supported claims (held-out half) the quote lands on a gold supporting sentence 0.90 of the time (0.87 "
    'before; docs/benchmarks.md "quotes"). 7.': (
        "For supported WiCE claims in the held-out half, the quote falls on a gold supporting sentence 90% of the "
        "time, compared with 87% previously."
    ),
    "Numbers belong to sources, in the order a reader first meets them: [^1] is always the first source cited, and "
    "its definition names that source (the peer numbered markers by position but definitions by score).": (
        "Footnote numbers follow the order in which a reader first encounters the sources, so [^1] always belongs to "
        "the first source cited."
    ),
    "A marker never lands inside a word, a URL, inline code, a code block, a heading, a table delimiter, another "
    "marker, or between \\r and \\n.": (
        "The engine never inserts a marker in the middle of a word, link, code, heading, table separator or other "
        "marker, nor splits a Windows line ending."
    ),
    "A scheduled report puts 200+ sentences against 20,000 passages in one call, and a deep job more; 1,000 × "
    "100,000 pairs would be 400 MB of float32 before any selection.": (
        "Large reports can pair hundreds of sentences with tens of thousands of passages, which as one full score "
        "matrix would take hundreds of megabytes."
    ),
    "Up to 8 million pairs the matrix is computed whole; beyond, reference/blockwise.py computes it by blocks of rows "
    "(2 million cells each) and keeps, per sentence, only what a rule can select: the 4 best chunks the support "
    "model judges, or for the seed's greedy rule the max_ref best pairs above the threshold (a pair ranked lower in "
    "its row is never kept, since every pair before it would have to be blocked by a distinct kept pair), ties kept "
    "the way the greedy walk ranks them.": (
        "Beyond 8 million pairs, the score matrix is built in blocks of rows, keeping for each sentence only the "
        "candidates a selection rule could pick."
    ),
    "The support model is called on the candidate pairs only, 128 sentences per call (its features are (sentences "
    "× candidate windows) matrices).": ("Only candidate pairs go to the support model, in batches of 128 sentences."),
    "It is pure numpy at run time (reference/support_trees.py: 200 array gathers per pair); the weights are a small "
    "JSON file (60 KB), reference/support_weights.json, with two sets:": (
        "At run time the support model needs only numpy, and its weights are a small 60 KB JSON file containing two "
        "sets."
    ),
    "result.support_model says which one ran.": (
        "Which weight set was used is reported in the result's support_model field."
    ),
    "Trees learn whatever the labels say, including their quirks.": (
        "Tree models pick up everything in the labels, oddities included."
    ),
    "Unconstrained, they scored better held out on ExpertQA's model citations, partly by learning that a cited "
    "passage far below the claim's best candidate is supported more often (0.84 vs 0.78), which raises a wrong "
    "citation when the right source is present; seven behaviour tests failed.": (
        "Without constraints, the trees did better on held-out ExpertQA citations partly by learning that a cited "
        "passage far below the best candidate is more often supported, and seven behaviour tests failed."
    ),
    "never lower support as it grows: coverage, jaccard, window_coverage, window_density, top1, margin, cosine, "
    "cosine_margin, source_cosine; - never raise it: numbers_missing, entities_missing, negation_mismatch, log_rank; "
    "- free: has_numbers, claim_length, passage_length, cited.": (
        "Some features, such as coverage and cosine, can only raise support, others, such as missing numbers or "
        "entities, can only lower it, and a few are unconstrained."
    ),
    "tests/reference/test_support.py checks the shipped weights on random feature rows for every constrained feature "
    "(the earlier MiniLM logistic weights fail it: their jaccard weight is negative).": (
        "A test checks the shipped weights on random feature rows for each constrained feature; the old logistic "
        "MiniLM weights would fail it since their Jaccard weight is negative."
    ),
    'The labels mark one passage per claim, so the rank features learnt "the passage people looked at": a second '
    "source quoting the claim word for word, 0.016 below the first, lost 0.15 of support.": (
        "Because the labels mark one passage per claim, the rank features learned to favour the passage people looked "
        "at, so a second source quoting the claim exactly lost support."
    ),
    "A best-sentence MiniLM cosine was measured and not added.": (
        "A cosine feature for the best MiniLM sentence was tested and left out."
    ),
    "Placing the quote by it is worse, not better: on WiCE's supported citations the quote overlaps a gold sentence "
    "0.872 with the lexical window (shipped), 0.856 with the best cosine window, 0.804 with the best cosine "
    "sentence.": (
        "Placing the quote using sentence embeddings did worse on WiCE's supported citations than the lexical window "
        "that ships."
    ),
    "A Platt step fitted on out-of-fold predictions was measured and made the held-out log-loss worse (0.5375 "
    "0.5384), so none is applied (CALIBRATE in the training code).": (
        "Fitting a Platt scaling step on out-of-fold predictions was tried, but it worsened held-out log-loss, so no "
        "such step is used."
    ),
    "Across data sets (train on one, test on the other) calibration degrades (observed 0.79 in the 0.91.0 bin).": (
        "Calibration gets worse when the model is trained on one data set and tested on the other."
    ),
    "The default is chosen on held-out data by the training script: the lowest level at which 85% of the held-out "
    "model citations (both data sets) that clear it are supported (lexical 0.76, MiniLM 0.70).": (
        "The training script picks the default threshold on held-out data as the lowest level where 85% of the model "
        "citations above it are supported."
    ),
    "The same claim with a wrong year drops from 0.89 to 0.86 only: in the training data a cited passage that lacks "
    "the claim's number is still supported most of the time (WiCE 0.83, pages write numbers differently), so the "
    "trees learnt a small penalty; the wrong year still clears the default level (an entailment model would be "
    "needed to catch it).": (
        "Changing the year in a claim only slightly lowers its support, from 0.89 to 0.86, so it still passes the "
        "default threshold."
    ),
    "The support model is small and runs anywhere, but it cannot read for meaning: held out, model citations it keeps "
    'are supported 8285% of the time (docs/benchmarks.md, "support").': (
        "The support model is lightweight and portable but doesn't understand meaning: on held-out data, 82 to 85 "
        "percent of the model citations it keeps are supported."
    ),
    "Which: model citations whose support falls in DEEPREF_VERIFY_BAND, by default [0.35, 0.85).": (
        "Model citations are sent to the judge when their support lies in the verify band, [0.35, 0.85) by default."
    ),
    "A standard or deep job's report gets it section by section; its calls count in usage and within the job's cost "
    "and token budgets.": (
        "In a standard or deep job the report receives it per section, and its calls are counted in usage and against "
        "the cost and token budgets."
    ),
    "Its test runs it on a scripted model server. deepref eval citations (docs/evaluation.md) judges a finished "
    "answer after the fact.": (
        "The judge benchmark is tested against a scripted model server, and the eval command judges finished answers "
        "afterwards."
    ),
    "The path works end to end with a real model: 5 requests a set (8,275 and 10,154 prompt tokens, 1,971 and 2,381 "
    "completion tokens, $0 for a local model), and one batch of 8 a set came back unusable and fell back to the "
    "support model, as the design says.": (
        "The whole path works end to end with a real model, though one batch of eight per set came back unusable and "
        "fell back to the support model."
    ),
    "Not markers: anything in inline code or code blocks ( arr[1] stays), Markdown links 1, definitions [1]: at a "
    "line start.": (
        "Text inside inline code or code blocks, Markdown links and reference definitions at the start of a line are "
        "not treated as markers."
    ),
    "A range is capped at 50 ids (warning).": ("Ranges are limited to 50 ids, with a warning."),
    "Unknown or out-of-range ids are dropped with a warning, never left dangling.": (
        "Citation ids that are unknown or out of range are removed with a warning rather than left pointing nowhere."
    ),
    "Fragments of one URL share a number; uncited sources are left out. merge_results(results) renumbers several "
    "results (report sections) into one list where a source keeps one number.": (
        "When several results are merged into one list, each source keeps a single number."
    ),
    "A false start ([x], [ at the end of a delta) is released unchanged as soon as it cannot be a marker.": (
        "A partial marker at the end of a delta, like [x or a lone bracket, is passed through unchanged as soon as it "
        "can no longer become a marker."
    ),
    "A match under min_score=0.85 is rejected (None) instead of returned as the least bad guess.": (
        "Matches scoring below 0.85 are rejected, returning None rather than the closest poor match."
    ),
    "A style rewrites exactly the markers the engine wrote, never a [^1] the author typed inside code.": (
        "A style only rewrites markers that the engine inserted, never a footnote marker that the author wrote in code."
    ),
    "A file: URL naming another host (file://host/share/, a network share that Windows opens with the reader's "
    "credentials) is never a link, and javascript:, data: and other schemes never are.": (
        "A file URL pointing at another host, such as a network share, is never turned into a link, and neither are "
        "javascript: or data: URLs."
    ),
    "Bad input (not JSON, missing fields, wrong types, unknown options) is one line on stderr and exit code 2; "
    "unknown citation ids are warnings, not errors.": (
        "Invalid input produces a single line on stderr and exit status 2, while unknown citation ids only cause "
        "warnings."
    ),
    'A quote across a page break gets both pages. - pages instead of text (and marks): "pages": ["text of page '
    '1", "text of page 2", ], or items {"text": "", "number": 17, "label": "xii"} (number defaults to '
    "the item's place in the list).": ("When a quotation spans a page boundary, both pages are given."),
    'The source\'s text is the pages joined by blank lines, so quote_span indexes that. "pages_kind": "slide" '
    "makes them slides.": (
        "A source given as pages gets its text by concatenating them with an empty line between each, and quote_span "
        "offsets count into that combined string."
    ),
    "Giving both pages and text, marks out of order or past the text's end, or an unknown kind is refused (exit code "
    "2, naming the field).": (
        "The input is rejected with exit code 2 and the offending field named if it has pages as well as text, marks "
        "that are unsorted or beyond the text, or a kind that isn't known."
    ),
    "The MCP cite tool takes the same document.": ("The same document format is accepted by the cite tool of MCP."),
    "A reference to a scholarly work carries the work's doi, cites (full text or abstract) and, when its index "
    "reports one, notice: retracted, withdrawn, expression of concern or corrected (OpenAlex is_retracted, Crossref "
    "updated-by/update-to/relation, PubMed CommentsCorrections; search.md).": (
        "References to scholarly works include the DOI, whether full text or abstract was cited, and any notice the "
        "index reports, such as a retraction or a correction."
    ),
    "The flag follows the reference everywhere a reader meets it: the result JSON (references[].notice, "
    "sources[].notice and notice_doi, hence the API and MCP), the BibTeX note, RIS N1 and CSL-JSON note "
    "(exports.md), and a badge in the viewer beside the reference's title and in its panel.": (
        "The retraction flag travels with the reference everywhere, including the result JSON, bibliography exports "
        "and a badge in the viewer."
    ),
    "A claim resting on a retracted work is still shown with its quote: deepref reports what the source says and that "
    "it was withdrawn, and leaves the judgement to the reader.": (
        "Claims based on retracted work still show their quote; deepref reports the retraction and lets the reader "
        "decide."
    ),
}
