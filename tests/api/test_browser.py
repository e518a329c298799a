"""End to end in headless Chromium: submit a job from the page, watch progress,
click a footnote and see the quote highlighted inside its source text."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture
def chromium():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (scripts/test.sh installs Debian's chromium)")
        pytest.skip("chromium is not installed: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-quic",
            ],
        )
        yield browser
        browser.close()


def test_submit_watch_click_footnote(
    chromium, worker_env, client_for, start_worker, searxng_server, web_site, openai_server, artifacts_dir
):
    from deepref.api.app import create_app
    from tests.fakes.server import ServerThread

    searxng_server.fake.default = [
        {"url": web_site.url(p), "title": p, "content": ""} for p in ("/article", "/chinese", "/slow")
    ]
    openai_server.fake.chat_delay = 1.5  # slow enough to watch the progress view
    client = client_for(worker_env)
    server = ServerThread(create_app(client.settings, client=client)).start()
    start_worker("browser")
    try:
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(server.base_url + "/")
        page.fill("#question", "When did the La Rance tidal power station open?")
        page.click("button[type=submit]")
        page.wait_for_url("**/jobs/*")
        page.wait_for_selector("#stages li.current", timeout=30_000)  # live progress from the event stream
        seen = page.inner_text("#stages")
        assert "fetching" in seen
        page.wait_for_selector("sup.fn a", timeout=90_000)
        link = page.locator("sup.fn a").first
        link.click()
        page.wait_for_selector("#panel:not([hidden]) mark")
        highlighted = page.inner_text("#panel-context mark")
        assert highlighted and highlighted in page.inner_text("#panel-context")
        assert page.inner_text("#panel-url").startswith(web_site.base_url)
        assert page.locator("#references li").count() >= 1
        page.screenshot(path=str(artifacts_dir / "viewer-job.png"), full_page=True)
    finally:
        server.stop()


def test_a_pdf_quote_shows_its_page_linked_to_it(
    chromium, worker_env, client_for, start_worker, searxng_server, web_site
):
    """The viewer prints a reference's locator beside its quote, and a PDF page links there."""
    from deepref.api.app import create_app
    from tests.fakes.server import ServerThread

    searxng_server.fake.default = [{"url": web_site.url("/doc.pdf"), "title": "Tidal lagoons", "content": ""}]
    client = client_for(worker_env)
    server = ServerThread(create_app(client.settings, client=client)).start()
    start_worker("browser-pdf")
    try:
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(server.base_url + "/")
        page.fill("#question", "What capacity would the Swansea Bay tidal lagoon have had?")
        page.click("button[type=submit]")
        page.wait_for_selector("#references .locator", timeout=90_000)
        where = page.locator("#references a.locator").first
        assert where.inner_text() == "p. 1"
        assert where.get_attribute("href") == web_site.url("/doc.pdf") + "#page=1"
        page.locator("#references blockquote.quote").first.click()
        assert page.inner_text("#panel-url").endswith("· p. 1")
    finally:
        server.stop()


def test_viewer_with_a_token_and_hostile_markdown(
    chromium, serve, start_worker, searxng_server, web_site, openai_server, tmp_path
):
    """The same viewer against a real ``deepref serve`` with a token: the page asks for
    it once, follows the job's live progress through the per-job events URL, and
    renders a report whose Markdown tries to load a remote image and run a link,
    with the Content-Security-Policy blocking nothing of the page's own."""
    import json

    from aiohttp import web

    from tests.fakes.server import ServerThread

    hits: list[str] = []

    async def pixel(request: web.Request) -> web.Response:
        hits.append(request.path)
        return web.Response(body=b"GIF89a", content_type="image/gif")

    tracker = web.Application()
    tracker.router.add_get("/{any:.*}", pixel)
    tracker_server = ServerThread(tracker).start()
    pixel_url = tracker_server.base_url + "/pixel.gif"
    run = tmp_path / "reports" / "weekly" / "2026-11-23T0900"
    run.mkdir(parents=True)
    answer = f"Tides turn turbines.[^1] ![tracking pixel]({pixel_url}) [click](javascript:alert(1))"
    (tmp_path / "reports" / "weekly" / "index.json").write_text(json.dumps({"name": "weekly", "runs": []}))
    (run / "report.json").write_text(
        json.dumps(
            {
                "title": "Weekly",
                "run": run.name,
                "sections": [
                    {"question": "q", "status": "done", "answer": answer, "markers": [[20, 25, 1]], "references": []}
                ],
                "references": [],
            }
        )
    )
    token = "browser-token-" + "x" * 30
    searxng_server.fake.default = [{"url": web_site.url("/article"), "title": "Tides", "content": ""}]
    openai_server.fake.chat_delay = 1.5
    server = serve(DEEPREF_API_TOKEN=token, DEEPREF_REPORTS_DIR=str(tmp_path / "reports"))
    start_worker("browser-token")
    console: list[str] = []
    try:
        page = chromium.new_page()
        page.on("console", lambda msg: console.append(msg.text))
        page.on("dialog", lambda dialog: dialog.accept(token))  # "This server needs an API token:"
        page.goto(server.base_url + f"/reports/weekly/runs/{run.name}")
        page.wait_for_selector("#content .answer")
        assert page.locator("#content img").count() == 0
        link = page.locator("#content a.image")
        assert link.get_attribute("href") == pixel_url and "nofollow" in link.get_attribute("rel")
        assert page.locator("#content a[href^='javascript']").count() == 0 and "click" in page.inner_text("#content")

        page.goto(server.base_url + "/")
        page.fill("#question", "When did the La Rance tidal power station open?")
        page.click("button[type=submit]")
        page.wait_for_url("**/jobs/*")
        page.wait_for_selector("#stages li.current", timeout=30_000)
        page.wait_for_selector("sup.fn a", timeout=90_000)
        assert "fetching" in page.inner_text("#stages")
        # the answer as files: fetched with the token (a plain link could not send it)
        for fmt, magic in (("pdf", b"%PDF"), ("docx", b"PK\x03\x04")):
            with page.expect_download() as info:
                page.click(f"#download-{fmt}")
            download = info.value
            assert download.suggested_filename.endswith(f".{fmt}")
            assert Path(download.path()).read_bytes()[:4] == magic
    finally:
        tracker_server.stop()
    assert hits == []  # the image was never loaded
    assert not [m for m in console if "Content Security Policy" in m], console
    log = server.log()
    assert "/events?token=***" in log and token not in log


def test_deep_job_shown_stalled_then_with_outline_rounds_and_spend(
    chromium, worker_env, client_for, start_worker, searxng_server, openai_server, artifacts_dir
):
    """A deep job on a real worker: while its model holds round 2's plan the page says
    the job stalled, in which stage; once released, the finished page shows the
    outline (linked to its sections), every round (why, queries, pages, gaps) and
    the spend against the budget, as the stored result has them."""
    from deepref.api.app import create_app
    from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
    from tests.fakes.server import ServerThread
    from tests.fakes.topic_site import SearchRows, TopicSite

    site = TopicSite()
    site_server = ServerThread(site.app).start()
    searxng_server.fake.results = SearchRows(site_server.base_url, per_query=2)
    researcher = openai_server.fake.researcher
    researcher.behave("tidal lagoon", rounds=None, stall_on="Round: 2 of")  # only the round budget stops it
    # the API's stall allowance for a round: its longest silent step (2 s) and three beats
    quick = {"DEEPREF_LLM_TIMEOUT": "2", "DEEPREF_FETCH_TOTAL_TIMEOUT": "1", "DEEPREF_EXTRACT_TIMEOUT": "1"}
    client = client_for(worker_env | quick)
    server = ServerThread(create_app(client.settings, client=client)).start()
    start_worker("browser-deep")
    question = "What do tidal lagoon costs depend on?"
    job = client.submit(question, ResearchOptions(depth="deep", budget=ResearchBudget(rounds=3)))
    try:
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(server.base_url + f"/jobs/{job}")
        page.wait_for_selector("#stalled:not([hidden])", timeout=90_000)
        stalled = page.inner_text("#stalled")
        assert stalled.startswith("Stalled in round-2: no event for"), stalled
        assert page.inner_text("#stages li.current") == "researching"
        message = page.inner_text("#progress-message")
        assert message.startswith("round 2 of 3: planning queries (4 pages, 4 sources, "), message
        assert page.locator("#progress.is-stalled").count() == 1
        page.screenshot(path=str(artifacts_dir / "viewer-deep-stalled.png"), full_page=True)

        researcher.release(openai_server.loop)
        page.wait_for_selector("#research:not([hidden])", timeout=120_000)
        result = client.result(job)
        deep = result.deep
        assert page.locator("#progress.is-stalled").count() == 0

        assert page.locator("#outline li").all_inner_texts() == deep.outline == ["Background", "Details"]
        link = page.locator("#outline a").nth(1)
        target = link.get_attribute("href")
        assert page.inner_text(f"#content .answer h2{target}") == "Details"
        assert page.locator("#content sup.fn a").count() >= 1  # the sections, with their footnotes

        rounds = page.locator("#research .rounds li.round")
        assert rounds.count() == len(deep.rounds) == 3
        for i, r in enumerate(deep.rounds):
            text = rounds.nth(i).inner_text()
            assert f"Round {r.n}: " in text and f"Why: {r.why}" in text
            assert all(q in text for q in r.queries) and f"{r.pages_fetched} pages read" in text
            assert f"{r.prompt_tokens + r.completion_tokens:,} tokens ({r.prompt_tokens:,} prompt" in text
            assert all(g in text for g in r.gaps)
        assert "No further round: round budget (3) reached" in rounds.nth(2).inner_text()

        spent = deep.spent
        tokens = page.inner_text("#research .spend-tokens")
        assert f"{int(spent['tokens']):,} ({int(spent['prompt_tokens']):,} prompt" in tokens
        assert f"{int(deep.budget['tokens']):,}" in tokens and f"{int(deep.estimate['tokens']):,}" in tokens
        assert page.inner_text("#research .spend-rounds").split("\t")[1:3] == ["3", "3"]
        assert page.inner_text("#research .spend-pages").split("\t")[1] == str(int(spent["pages"])) == "12"
        assert "stopped because: round budget (3) reached" in page.inner_text("#research .research-summary")
        page.screenshot(path=str(artifacts_dir / "viewer-deep.png"), full_page=True)
    finally:
        server.stop()
        site_server.stop()


def test_report_sections_researched_in_rounds_show_how(chromium, worker_env, client_for, tmp_path):
    """A report run whose questions were deep jobs: each section has its rounds and
    spend under a fold; the model's words in them (queries, gaps) stay text."""
    import json

    from deepref.api.app import create_app
    from tests.fakes.server import ServerThread

    hostile = "<img src=x onerror=alert(1)>"
    deep = {
        "depth": "deep",
        "budget": {"rounds": 2, "queries_per_round": 2, "pages": 20, "tokens": 50000, "seconds": 300},
        "estimate": {"tokens": 20000, "pages": 16, "model_calls": 9},
        "spent": {"rounds": 2, "pages": 8, "prompt_tokens": 3100, "completion_tokens": 650, "tokens": 3750},
        "rounds": [
            {"n": 1, "why": "the question", "queries": [f"lagoon costs {hostile}"], "pages_fetched": 4},
            {"n": 2, "why": "walls", "queries": ["wall length"], "pages_fetched": 4, "gaps": [f"lifetimes {hostile}"]},
        ],
        "stop_reason": "round budget (2) reached",
        "outline": ["Costs"],
    }
    run = tmp_path / "reports" / "tides" / "2026-11-23T0900"
    run.mkdir(parents=True)
    section = {"question": "What do lagoons cost?", "status": "done", "answer": "## Costs\n\nA lot.", "markers": []}
    (run / "report.json").write_text(
        json.dumps(
            {
                "title": "Tides",
                "run": run.name,
                "sections": [section | {"references": [], "result": {"deep": deep}}, section | {"references": []}],
                "references": [],
            }
        )
    )
    client = client_for(worker_env | {"DEEPREF_REPORTS_DIR": str(tmp_path / "reports")})
    server = ServerThread(create_app(client.settings, client=client)).start()
    try:
        page = chromium.new_page()
        page.goto(server.base_url + f"/reports/tides/runs/{run.name}")
        page.wait_for_selector("#content .answer")
        folds = page.locator("details.section-research")
        assert folds.count() == 1  # only the section researched in rounds
        assert page.inner_text("details.section-research summary") == (
            "How this section was researched: 2 rounds, 8 pages, 3,750 tokens"
        )
        folds.first.locator("summary").click()
        text = folds.first.inner_text()
        assert f"lagoon costs {hostile}" in text and f"lifetimes {hostile}" in text
        assert "3,750 (3,100 prompt, 650 completion)" in text and "No further round" not in text
        assert page.locator("#content img").count() == 0
    finally:
        server.stop()


def test_deep_job_written_as_it_streams_then_shown_verified(
    chromium, worker_env, client_for, start_worker, searxng_server, openai_server, artifacts_dir
):
    """A deep job while its report is written: each finished round is summed up on the
    page from the events, and the report's draft grows as the model writes it (held
    mid-answer here); once released, the draft is edited into the verified answer,
    then replaced by the stored answer with its footnotes."""
    from deepref.api.app import create_app
    from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
    from deepref.worker.jobs.streaming import Reassembly, decode
    from tests.e2e.support import wait_until
    from tests.fakes.server import ServerThread
    from tests.fakes.topic_site import SearchRows, TopicSite

    site = TopicSite()
    site_server = ServerThread(site.app).start()
    searxng_server.fake.results = SearchRows(site_server.base_url, per_query=2)
    openai_server.fake.researcher.behave("tidal lagoon", rounds=None)  # only the round budget stops it
    openai_server.fake.stream_stall_after = 30  # the first section stops 30 characters in
    openai_server.fake.stream_delay = 0.06  # one delta per draft event: the viewer sees each piece
    client = client_for(worker_env)
    server = ServerThread(create_app(client.settings, client=client)).start()
    start_worker("browser-draft")
    job = client.submit(
        "What do tidal lagoon costs depend on?", ResearchOptions(depth="deep", budget=ResearchBudget(rounds=2))
    )
    try:
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(server.base_url + f"/jobs/{job}")
        deadline = time.monotonic() + 90
        while openai_server.fake.streams_stalled == 0:
            assert time.monotonic() < deadline, "the report's stream never reached its hold"
            time.sleep(0.1)
        # the API polls the text stream twice a second: the last piece before the hold shows
        page.wait_for_function(
            "() => document.querySelector('#draft').textContent.length > '## Background'.length + 10", timeout=10_000
        )

        def shows_the_stored_draft() -> bool:
            stored = Reassembly()
            for _, fields in client.store.text_events(job):
                stored.apply(*decode(fields))
            return page.eval_on_selector("#draft", "e => e.textContent") == stored.draft

        wait_until(shows_the_stored_draft, 10, "the viewer showing every draft piece stored before the hold")
        partial = page.eval_on_selector("#draft", "e => e.textContent")
        assert page.get_attribute("#draft", "data-state") == "draft"
        assert not page.is_hidden("#draft-section") and page.locator("#content sup.fn").count() == 0
        assert "citations are checked once it is finished" in page.inner_text("#draft-note")
        live = page.locator("#live-rounds li.round").all_inner_texts()  # both rounds, summed up as they ended
        page.screenshot(path=str(artifacts_dir / "viewer-deep-draft.png"), full_page=True)
        page.evaluate(
            """() => { window.draftStates = [];
                new MutationObserver(() => window.draftStates.push(document.querySelector('#draft').dataset.state))
                  .observe(document.querySelector('#draft'), {attributes: true, attributeFilter: ['data-state']}); }"""
        )

        openai_server.fake.release_streams(openai_server.loop)
        page.wait_for_selector("#research:not([hidden])", timeout=120_000)
        result = client.result(job)
        assert partial.startswith("## Background\n\n") and len(partial) < len(result.answer)
        assert result.answer.startswith(partial), (partial, result.answer[: len(partial) + 20])
        assert "verified" in page.evaluate("window.draftStates") and "broken" not in page.evaluate("window.draftStates")
        assert page.is_hidden("#draft-section") and page.is_hidden("#live-rounds-section")
        assert page.locator("#content sup.fn a").count() >= 1  # the stored answer, with its footnotes

        rounds = result.deep.rounds
        assert len(live) == len(rounds) == 2
        pages_so_far = 0
        for text, r in zip(live, rounds, strict=True):
            pages_so_far += r.pages_fetched
            assert text.startswith(f"Round {r.n} of 2: {r.pages_fetched} pages, "), text
            assert f"for {r.why!r}" in text and f"So far: {pages_so_far} pages" in text
        assert "No further round: round budget (2) reached" in live[1] and "No further round" not in live[0]
    finally:
        server.stop()
        site_server.stop()


def test_the_viewers_draft_adds_up_like_the_workers(chromium, worker_env, client_for):
    """The viewer's reader (viewer.js ``Draft``) on the events the worker's writer makes
    for a text with characters outside the BMP: the same answer as ``Reassembly``
    (offsets are code points, not UTF-16 units), and a missed piece is noticed."""
    import json

    from deepref.api.app import create_app
    from deepref.worker.jobs.streaming import DraftWriter, Reassembly, answer_event, decode
    from tests.fakes.server import ServerThread

    events: list[dict] = []
    writer = DraftWriter(events.append, [], interval=0.0, share=1_000_000)
    for piece in ("Tides 🌊 turn ", "turbines [1] at ", "La Rance 𝔸.", " More 🌊."):
        writer.feed(piece)
    draft = writer.close()
    answer = draft.replace("turbines", "the turbines").replace(" More 🌊.", "")
    events.append(answer_event(draft, answer))
    decoded = [decode(e) for e in events]
    reader = Reassembly()
    for kind, data in decoded:
        reader.apply(kind, data)
    assert reader.answer == answer and len(decoded) > 3

    client = client_for(worker_env)
    server = ServerThread(create_app(client.settings, client=client)).start()
    try:
        page = chromium.new_page()
        page.goto(server.base_url + "/jobs/" + "0" * 32)  # any viewer page loads viewer.js
        page.wait_for_load_state()
        run = """(events) => { const d = new Draft(); let answer = null;
            for (const [kind, data] of events) {
              if (kind === 'draft') d.piece(data.offset, data.text); else answer = d.edit(data); }
            return [answer, d.broken]; }"""
        assert page.evaluate(run, json.loads(json.dumps(decoded))) == [answer, None]
        missed = [e for i, e in enumerate(decoded) if i != 1]
        got, broken = page.evaluate(run, json.loads(json.dumps(missed)))
        assert got is None and broken
    finally:
        server.stop()


def test_an_arabic_answer_reads_right_to_left_with_the_models_verdicts(
    chromium, worker_env, client_for, start_worker, searxng_server, web_site, openai_server, artifacts_dir
):
    """A question in Arabic, answered from an Arabic page: the viewer lays the answer
    out right to left, the quote keeps its own direction, and a footnote's panel shows
    the chat model's verdict on it (verify_with_model)."""
    from deepref.api.app import create_app
    from tests.fakes.server import ServerThread

    searxng_server.fake.default = [{"url": web_site.url("/arabic"), "title": "طاقة المد والجزر", "content": ""}]
    from deepref.worker.jobs.models import ResearchOptions

    client = client_for(worker_env)
    server = ServerThread(create_app(client.settings, client=client)).start()
    start_worker("browser-rtl", DEEPREF_VERIFY_BAND="[0, 1.01]")  # every citation gets the model's second opinion
    try:
        job_id = client.submit("متى افتتحت محطة رانس لطاقة المد والجزر؟", ResearchOptions(verify_with_model=True))
        result = client.result(job_id, wait=True, timeout=90)
        assert result.language == "ar" and "رانس" in result.answer
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(server.base_url + f"/jobs/{job_id}")
        page.wait_for_selector("#content .answer sup.fn a", timeout=30_000)
        answer = page.locator("#content .answer")
        assert answer.get_attribute("dir") == "rtl" and answer.get_attribute("lang") == "ar"
        assert answer.evaluate("node => getComputedStyle(node).direction") == "rtl"
        quote = page.locator("#references blockquote").first
        assert quote.evaluate("node => getComputedStyle(node).direction") == "rtl"  # dir=auto, Arabic text
        judged = {r.n: r.verdict for r in result.references if r.judged_by == "fake"}
        assert judged  # the worker had the model judge the citations (every one is in the band)
        shown = {"full": "supported", "partial": "partly supported", "none": "unsupported"}
        n, verdict = next(iter(judged.items()))
        page.locator(f"#content .answer sup.fn a[data-n='{n}']").first.click()
        page.wait_for_selector("#panel:not([hidden]) mark")
        assert page.inner_text("#panel-judged").startswith(f"· judged {shown[verdict]} by fake")
        page.screenshot(path=str(artifacts_dir / "viewer-rtl.png"), full_page=True)
    finally:
        server.stop()


def test_a_plan_edited_and_approved_in_the_viewer_is_the_plan_that_runs(
    chromium, worker_env, client_for, start_worker, topic_site, searxng_server, openai_server, artifacts_dir
):
    """Submitted from the form with approve_plan, the job's page turns into its plan once
    proposed, editable; the edited searches and the answer to its clarifying question
    are what the approved run uses."""
    from deepref.api.app import create_app
    from tests.fakes.server import ServerThread

    question = "What do tidal lagoon costs depend on?"
    openai_server.fake.researcher.behave("tidal lagoon", rounds=1, ambiguous=True)
    client = client_for(worker_env)
    server = ServerThread(create_app(client.settings, client=client)).start()
    start_worker("browser-plan")
    try:
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(server.base_url + "/")
        page.fill("#question", question)
        page.select_option("#depth", "standard")
        page.check("#approve-plan")
        page.click("button[type=submit]")
        page.wait_for_url("**/jobs/*")
        job_id = page.url.rsplit("/", 1)[1]
        page.wait_for_selector("#plan-section:not([hidden])", timeout=30_000)  # from the live events
        assert page.input_value("#plan-queries") == f"{question} proposed a\n{question} proposed b"
        assert page.input_value("#plan-outline") == "Overview\nEvidence"
        assert "Which country do you mean?" in page.inner_text("#plan-clarifications")
        assert "awaiting_approval" in page.inner_text("#stages")
        assert searxng_server.fake.queries == []
        page.fill("#plan-queries", "viewer edited query one\nviewer edited query two")
        page.fill("#plan-outline", "Costs\nOutlook")
        page.fill("#plan-answer-0", "Wales")
        page.screenshot(path=str(artifacts_dir / "viewer-plan.png"), full_page=True)
        page.click("#plan-approve")
        page.wait_for_selector("#outline-section:not([hidden])", timeout=90_000)
        assert page.locator("#plan-section").is_hidden()
        assert page.inner_text("#outline").split("\n") == ["Costs", "Outlook"]
    finally:
        server.stop()
    assert searxng_server.fake.queries[:2] == ["viewer edited query one", "viewer edited query two"]
    assert client.status(job_id).plan.clarifications[0].answer == "Wales"
    prompts = openai_server.fake.researcher.prompts
    assert any("Which country do you mean? Wales" in user for marker, user in prompts if marker == "[[deepref:read]]")


def test_a_follow_up_asked_under_the_answer_shows_its_thread(
    chromium, worker_env, client_for, start_worker, topic_site, searxng_server, openai_server, artifacts_dir
):
    """The box under a finished answer asks a follow-up and opens its job: the earlier
    question and answer above, whether it searched, one numbering in the references."""
    from deepref.api.app import create_app
    from tests.api.test_followups import HELD, PARENT
    from tests.fakes.server import ServerThread

    client = client_for(worker_env)
    server = ServerThread(create_app(client.settings, client=client)).start()
    start_worker("browser-followup")
    try:
        parent = client.submit(PARENT)
        first = client.result(parent, wait=True, timeout=60)
        searched = list(searxng_server.fake.queries)
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(f"{server.base_url}/jobs/{parent}")
        page.wait_for_selector("#followup-form:not([hidden])", timeout=30_000)
        assert page.locator("#thread-section").is_hidden()
        page.fill("#followup-question", HELD)
        page.click("#followup-ask")
        page.wait_for_url(lambda url: "/jobs/" in url and not url.endswith(parent))
        page.wait_for_selector(".followup-note", timeout=60_000)
        child = page.url.rsplit("/", 1)[1]
        assert client.status(child).parent == parent
        assert "no new search" in page.inner_text(".followup-note")
        assert PARENT in page.inner_text("#thread") and first.answer.split("[^")[0].strip() in page.inner_text(
            "#thread"
        )
        numbers = [int(v) for v in page.locator("#references > li").evaluate_all("items => items.map(i => i.value)")]
        assert numbers == sorted({r.n for r in client.result(child).followup.references}) and numbers
        page.locator("#content .answer sup.fn a").first.click()
        page.wait_for_selector("#panel:not([hidden])")
        page.screenshot(path=str(artifacts_dir / "viewer-followup.png"), full_page=True)
        assert not page.locator("#followup-form").is_hidden()  # the thread goes on from here
    finally:
        server.stop()
    assert searxng_server.fake.queries == searched


def test_a_retracted_work_is_flagged_in_the_viewer(chromium, worker_env, client_for, tmp_path):
    """Issue 32, item 4: a reference whose work was retracted (references[].notice)
    shows it beside its title and in the reference panel; a sound one shows nothing."""
    import json

    from deepref.api.app import create_app
    from tests.fakes.server import ServerThread

    def ref(n: int, title: str, notice: str | None) -> dict:
        return {
            "n": n, "source_id": str(n), "url": f"https://doi.org/10.1000/w{n}", "title": title,
            "quote": f"Quote {n}.", "quote_span": [0, 8], "answer_span": [0, 10], "score": 0.9,
            "source_kind": "work", "doi": f"10.1000/w{n}", "cites": "abstract", "notice": notice,
        }  # fmt: skip

    refs = [ref(1, "Tidal dissipation in Europa's ice shell", "retracted"), ref(2, "Heat flow of Io", None)]
    run = tmp_path / "reports" / "moons" / "2026-11-29T0900"
    run.mkdir(parents=True)
    section = {"question": "q", "status": "done", "answer": "Tides heat Europa.[^1] Io too.[^2]", "markers": []}
    (run / "report.json").write_text(
        json.dumps(
            {"title": "Moons", "run": run.name, "sections": [section | {"references": refs}], "references": refs}
        )
    )
    client = client_for(worker_env | {"DEEPREF_REPORTS_DIR": str(tmp_path / "reports")})
    server = ServerThread(create_app(client.settings, client=client)).start()
    try:
        page = chromium.new_page()
        page.goto(server.base_url + f"/reports/moons/runs/{run.name}")
        page.wait_for_selector("#references li")
        first, second = page.locator("#references li").all()[:2]
        assert first.locator(".badge-notice").inner_text().lower() == "retracted"
        assert second.locator(".badge-notice").count() == 0
        first.locator("blockquote").first.click()
        page.wait_for_selector("#panel:not([hidden])")
        assert page.locator("#panel-date .badge-retracted").inner_text().lower() == "retracted"
        second.locator("blockquote").first.click()
        assert page.locator("#panel-date .badge-notice").count() == 0
    finally:
        server.stop()
