# ruff: noqa: E501  (data: each claim and its sentence on one line, as written)
"""Paraphrased claims about the tune docs, for tuning the quote placement of the PDF benchmark's citing.

Each pairs a sentence of a tune-split docs file (api.md, exports.md, pipeline.md, as
benchmarks/pdf_layouts.py sets them) with a claim written by hand in other words, as an
answer sentence would restate it: most restate one sentence, some only part of it, a few
merge it with the sentence after it. The page the key sentence starts on is the page a
citation of the claim should name. This set is the one looked at while tuning
(``python -m benchmarks pdf --split tune``); benchmarks/pdf_claims.py is held out."""

from __future__ import annotations

TUNE_PARAPHRASES: dict[str, str] = {
    'It refuses to listen on a non-loopback address without DEEPREF_API_TOKEN: see "Security model" below.': (
        "Unless an API token is configured, the server will not bind to any address other than the local one."
    ),
    "It talks to the same Redis as the workers (DEEPREF_REDIS_URL); jobs it accepts are run by deepref worker processes.": (
        "The HTTP server shares its Redis with the worker processes, which are the ones that actually execute the submitted jobs."
    ),
    "One framework, one event loop model, no extra server.": (
        "Choosing it avoids a second web framework and a separate server process."
    ),
    "An ambiguous question's plan carries clarifying questions: answer them in the plan you send back.": (
        "When a question could be read several ways, the proposed plan includes questions for the user, whose replies go back with the plan."
    ),
    "A job that does not wait for approval: 409 NotAwaitingApproval.": (
        "Trying to approve a job that isn't waiting for approval gets a conflict error."
    ),
    'The viewer shows a waiting job\'s plan with each list editable and a box for each clarifying question, and an "Approve and run" button that sends the plan and approves it.': (
        "In the browser, a plan awaiting approval can be edited list by list, the clarifying questions answered, and then approved with a single button."
    ),
    "A done job (quick, standard or deep, a follow-up too) and a finished report run take follow-up questions.": (
        "You can ask further questions of any completed job or completed report run."
    ),
    "The answer's footnotes are numbered across the thread: a source an earlier answer cites keeps its number, a new one comes after the thread's last; followup.references is the thread's one reference list, references this answer's.": (
        "Footnote numbers stay stable over a conversation: sources already cited earlier keep their numbers and newly cited ones are numbered after them."
    ),
    "An offset of 0 starts the draft over (the first piece, or a stage that runs again).": (
        "A draft piece at position zero means the client should discard the draft and begin again."
    ),
    "The verified answer can differ from the draft: a citation the passage does not support is dropped, an uncited sentence gets its source, numbers follow.": (
        "After verification the final text may not match the streamed draft, since unsupported citations get removed, uncited sentences get sources and numbering changes."
    ),
    "A job answered without a model has no draft: its answer event is one insertion.": (
        "With no language model there is no streamed draft, only a single insertion in the answer event."
    ),
    "Events of both kinds come in the order they were written (the API reads the state and text streams of the job in one XREAD and interleaves them by id).": (
        "State and text events arrive interleaved in their original order because the server reads both streams with a single XREAD."
    ),
    "With a secret, a callback URL is still checked at submit against the webhook address policy, which no pattern states: that one field is looser in the description than on the server.": (
        "The callback address is validated against the webhook policy on submission, a rule the schema cannot express, so the published description is more permissive there than the server."
    ),
    "The API runs research on behalf of whoever can reach it: it makes the workers search, fetch pages and spend model tokens, and it returns what they found.": (
        "Anyone who can reach the API can make the workers search the web, download pages and spend model tokens, and gets the results back."
    ),
    "So by default it answers only on loopback, and everything beyond that is the operator's explicit choice.": (
        "Out of the box it only listens locally, and opening it further is left to the operator."
    ),
    "Whoever can write to Redis is an operator and is trusted completely: keep Redis off the network.": (
        "Write access to Redis amounts to full operator trust, so Redis must not be exposed on the network."
    ),
    "With DEEPREF_API_TOKEN set, every /v1/ request needs Authorization: Bearer <token>, compared in constant time and never logged.": (
        "Once a token is configured, all versioned API calls must carry it as a bearer token, which is checked in constant time and never written to logs."
    ),
    "EventSource cannot send a header, so a job's urls.events (in the answers of POST /v1/jobs and GET /v1/jobs/{id}) carries a per-job token instead: <expiry>.<HMAC-SHA256 of job id and expiry> under a key derived from the API token.": (
        "Since browsers' EventSource can't set headers, the events URL of a job embeds a signed, expiring token derived from the API token."
    ),
    "A page on another site can make a browser send requests to localhost, and a rebinding DNS name can make its own origin resolve to 127.0.0.1.": (
        "Foreign web pages can trigger browser requests to the local machine, and DNS rebinding can point an attacker's origin at the loopback address."
    ),
    "Bodies must be Content-Type: application/json in UTF-8, else 415: a form or text/plain post is what another site's page may send without a preflight.": (
        "Requests whose body is not UTF-8 JSON are rejected with 415, because form and plain-text posts can be sent cross-site without a preflight."
    ),
    "Answers are untrusted Markdown (page text, model output).": (
        "The Markdown of an answer is treated as untrusted, since it comes from web pages and the model."
    ),
    "Clicking one opens a panel with the source title, date, URL and score, and the quoted passage highlighted inside the text around it (context, context_quote_span).": (
        "Selecting a footnote marker shows a side panel with the source's title, date, address and score and the cited passage highlighted in its context."
    ),
    "The start page offers the depth.": ("On the front page you can choose how deep the research goes."),
    "The viewer counts offsets in code points, as the worker does (Array.from(text); a JavaScript string's length counts UTF-16 units, which differ for characters such as emoji).": (
        "Like the worker, the browser page measures offsets in Unicode code points rather than UTF-16 units, which matters for emoji."
    ),
    "The API route is in /openapi.json (jobReport): 409 while the job is not done, 422 for another format, 501 on a server without the extra.": (
        "The report download endpoint returns a conflict until the job finishes, rejects other formats with 422, and answers 501 when the export extra is missing."
    ),
    "The viewer (/jobs/{id}) shows a finished answer's PDF and DOCX links under it; it fetches the file with the token the page was given, so they work on a server with DEEPREF_API_TOKEN. The MCP server's export tool returns the same file as an embedded resource (mcp.md).": (
        "A completed answer in the browser offers PDF and Word downloads that work with a token-protected server, and the MCP export tool hands back the same file."
    ),
    "A note for every marker.": ("Each citation marker gets its own note."),
    "Each [^n] of the answer becomes a footnote holding the source's number and linked title, the quotes that support that claim, and their page (p. 17, pp. 1718, slide 4, § Methods), the page linked with #page=17.": (
        "Every footnote in the exported document gives the source number and title link, the supporting quotes, and their page, linked with a page anchor."
    ),
    "A marker's quotes are the references whose answer span it closes (the viewer's rule); a quote no marker claims goes to the first note of its number, so every quote of the result is in a note.": (
        "Quotes belong to the marker that ends their claim, and any quote not claimed by a marker is placed in the first note for its source, so none is lost."
    ),
    'Arabic and Hebrew are shaped and ordered by Pango, and a section in a right-to-left language is laid out right to left (dir="rtl", its lang set); CJK lines break between characters.': (
        "Right-to-left scripts are shaped by Pango and right-to-left sections are laid out in that direction, while Chinese and Japanese lines can break between any two characters."
    ),
    "Without it, asking for a PDF or DOCX fails at once with PDF export needs WeasyPrint, which is not installed (): pip install 'deepref[export]'; the API answers 501 with that message, and a report run writes its other files and names the missing one in its warnings.": (
        "If WeasyPrint is missing, requesting a PDF or Word file fails immediately with an install hint, the API returns 501, and report runs write the other formats and warn."
    ),
    "A single answer (4 to 16 markers) takes WeasyPrint 0.4 to 1.7 s; the DOCX of the 72-marker report takes 0.1 to 0.3 s.": (
        "Rendering one answer to PDF takes WeasyPrint between under half a second and almost two seconds, while the Word file of a large report takes at most 0.3 seconds."
    ),
    "The layout's cost is paid where nobody waits (report runs, in the background) or once per download (the API renders in a thread).": (
        "The rendering time is spent either in background report runs or once for each download, in a separate thread of the API."
    ),
    "One entry per footnote number (a source cited by several claims is one entry), in footnote order.": (
        "The bibliography lists each footnote number once, in order, even when several claims cite the same source."
    ),
    "A job that is not done answers 409 with the reason (still running, failed, cancelled); an unknown job 404; an unknown format 422.": (
        "Asking for the bibliography of an unfinished job gives a conflict error explaining why, a missing job gives not found, and a bad format gives 422."
    ),
    "Every finished report run writes references.bib, references.ris and references.json (CSL-JSON) next to report.md, report.html and report.json, from the report's shared reference list.": (
        "Each completed report run also saves BibTeX, RIS and CSL-JSON files beside its Markdown, HTML and JSON output."
    ),
    "A page without an author is authored by its site in APA and Chicago (and the site is not repeated); with no site either (a file of a local corpus) the title leads the entry.": (
        "When a web page names no author, the site stands in as author in the APA and Chicago styles; for a local file with no site, the entry starts with the title."
    ),
    "A key already used in the same export gets -2, -3, , so keys depend only on the metadata and the footnote order.": (
        "Duplicate citation keys within one export get numeric suffixes, so a key depends only on the metadata and where it comes in the footnotes."
    ),
    "In names, a comma or a word and is braced ({,}, {and}) so one name is never split into several.": (
        "Commas and the word 'and' inside a name are wrapped in braces so that a single name is not broken into multiple authors."
    ),
    "Non-ASCII text stays UTF-8 (biber, bibtexparser, Zotero and JabRef read it).": (
        "Accented and other non-ASCII characters are kept as UTF-8, which biber, Zotero and JabRef all read."
    ),
    "Report runs write only the three files, never a styled list.": (
        "A report run saves just the BibTeX, RIS and CSL-JSON files and no formatted reference list."
    ),
    "Each stage is a plain function in worker/pipeline/stages.py that takes and returns typed outputs (worker/pipeline/outputs.py: Searched, Fetched, Chunked, Generated; the last stage returns the job's ResearchResult).": (
        "Every pipeline step is an ordinary function with typed inputs and outputs, and the final one produces the research result."
    ),
    "Deep jobs' rounds and report are table entries too (table.deep_stage).": (
        "The rounds and the report of a deep job are also entries in the stage table."
    ),
    "A job never fails because some pages did.": ("Individual page failures never cause the whole job to fail."),
    "Fetching and extraction share one stage so that raw pages (megabytes) never travel through Redis; their text does.": (
        "Downloading and text extraction happen in the same step, so only the extracted text, not megabytes of raw page, goes through Redis."
    ),
    "A page costs milliseconds of CPU and seconds of waiting, so one event loop keeps many in flight for the cost of one Celery message; the fetch benchmark (docs/benchmarks.md) shows wall time tracking the ideal pages × latency / concurrency.": (
        "Since fetching a page is mostly waiting rather than computing, a single event loop can keep many requests in flight for the price of one Celery message."
    ),
    "Jobs, not pages, are what scale out across workers.": ("Work is spread over workers by job rather than by page."),
    "Every whole sentence of those passages (at least 25 characters, ending in .!?, not a heading) is a candidate.": (
        "Any complete sentence of the selected passages that is long enough, ends with terminal punctuation and is not a heading may be picked."
    ),
    "If the best sentence scores under the level (MIN_RELEVANCE: 0.35 hybrid, 0.25 lexical), the sources are not about the question, whatever words they share with it.": (
        "When even the top sentence falls below the relevance threshold, the sources are considered off-topic no matter how many words they share with the question."
    ),
    "The hybrid level was measured with MiniLM; another embedding model's cosines may sit elsewhere. 4.": (
        "The threshold for hybrid scores was calibrated on MiniLM, and other embedding models may put their cosine values at a different level."
    ),
    "Results are file:// URLs, which the fetcher reads only inside that folder.": (
        "Local search hits are file URLs and the fetcher refuses to read outside the folder."
    ),
    "The fetcher visits URLs that strangers choose: search results, and wherever those pages redirect.": (
        "The fetcher goes to addresses picked by others, namely search results and wherever they redirect. It must not give anyone a path into its own network."
    ),
    "The table is deepref's own (worker/web/netguard.py), because the flags of ipaddress differ between Python releases (3.11 calls fec0::/10 and ::7f00:1 global).": (
        "deepref keeps its own address table because Python's ipaddress flags change from one version to the next."
    ),
    "Proxies from the environment are ignored (trust_env=False): a proxy would connect on our behalf, unchecked.": (
        "Environment proxy settings are not used, since a proxy would open connections for us without any check."
    ),
    "Each failure is a reason slug on the page (blocked-address, invalid-url, timeout, too-large, too-many-redirects), never a failed job.": (
        "A blocked or failed fetch is noted on the page with a short reason code and does not fail the job."
    ),
    "Numeric host forms stay refused either way.": (
        "Hosts written as bare numbers are rejected regardless of that setting."
    ),
    "Every change is a compare-and-set (one Lua script) that also appends it to the job's Redis stream, which Client.result(wait=True) (and the HTTP API's event stream) read.": (
        "Each update to the job is an atomic check-and-set in Lua that also adds an entry to the job's stream, which waiting clients and the event API read."
    ),
    "Every Redis key deepref writes, Celery's prefix included, is built in worker/jobs/keys.py.": (
        "All the Redis key names, Celery's included, are constructed in a single module."
    ),
    "A cancelled job stays cancelled.": ("Once cancelled, a job is never resumed."),
    "Delivery is at least once; the lifecycle makes a stage delivered twice run once.": (
        "Messages may arrive more than once, but the lifecycle ensures a duplicate stage still executes only one time."
    ),
    "Network clients (HTTP session, Redis, LLM and embedding clients) are built once per child process.": (
        "Each forked worker child creates its HTTP, Redis and model clients a single time."
    ),
    "Both need a chat model (DEEPREF_LLM_BASE_URL): a job asking for them without one is refused at submit.": (
        "Standard and deep research require a configured chat model, and submitting one without it is refused."
    ),
    "The model notes findings, each citing the numbers it rests on, the gaps still open, and whether the question is covered.": (
        "While reading, the model records findings with their supporting numbers, what is still missing, and whether the question has been answered."
    ),
    "A citation of a number it was not shown is dropped with a warning; a finding left without a citation is dropped.": (
        "Citations to passages the model never saw are removed with a warning, and findings that end up citing nothing are discarded."
    ),
    "Rounds may use 70% of the tokens: the rest is kept for the report.": (
        "Research rounds are limited to seven tenths of the token budget, the remainder being saved for writing the report."
    ),
    "An endpoint that reports no usage is charged the worst case.": (
        "If the model server doesn't report token usage, the maximum possible cost is assumed."
    ),
    "A cancelled job stops at the next round boundary: the running round ends, nothing after it is queued.": (
        "Cancelling a deep job lets the current round finish and queues nothing after it."
    ),
    "The answer is the sections under ## Title headings; marker and reference spans point into it.": (
        "The final answer consists of the sections, each under a second-level heading."
    ),
    "The job record's deep gives the round, pages, sources and tokens as numbers.": (
        "The job's stored record exposes the current round and the counts of pages, sources and tokens."
    ),
}
