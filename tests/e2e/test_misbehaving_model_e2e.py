"""A model that misbehaves, through a real Redis and a real Celery worker: the
pipeline's verify, drop and fill run together on one answer.

The scripted answer paraphrases a sentence of the article (and cites it right),
cites a page that says nothing of its claim, cites a number no source has, and
leaves two claims uncited: one the article states, one nobody states.
"""

from __future__ import annotations

import pytest

from tests.e2e.support import results

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

QUESTION = "Which tidal power stations have been the largest in the world?"
PARAPHRASE = (
    "La Rance, on the estuary of the Rance river in Brittany, began producing electricity in 1966 "
    "and remained the world's largest tidal plant for 45 years"
)
WRONG = "Tidal lagoons enclose part of the coast with a wall and generate power as water flows in and out"
UNKNOWN = "Tidal stream generators work like underwater wind turbines placed in fast currents"
UNCITED = "The Sihwa Lake Tidal Power Station in South Korea, opened in 2011, has a capacity of 254 megawatts"
UNSUPPORTED = "Engineers expect tidal stations to supply a tenth of Europe's electricity by 2050"
SCRIPT = f"{PARAPHRASE} [{{/article}}]. {WRONG} [{{/cp1252}}]. {UNKNOWN} [{{unknown}}]. {UNCITED}. {UNSUPPORTED}."


def refs_of(result, claim: str) -> list:
    """References whose claim (``answer_span`` in the output answer) is ``claim``."""
    start = result.answer.index(claim[:40])
    end = start + len(claim)
    return [r for r in result.references if r.answer_span[0] < end and r.answer_span[1] > start]


def test_verify_drop_and_fill_on_a_misbehaving_model(
    worker_env, start_worker, client_for, searxng_server, web_site, openai_server
):
    searxng_server.fake.default = results(web_site, "/article", "/cp1252")
    openai_server.fake.script("largest in the world", SCRIPT)
    start_worker("misbehaving")
    client = client_for(worker_env)
    result = client.result(client.submit(QUESTION), wait=True, timeout=120)
    assert result.answer_mode == "llm"
    article, cafe = web_site.url("/article"), web_site.url("/cp1252")
    assert {s.url for s in result.sources} == {article, cafe}, result.failures
    explain = (result.answer, [(r.n, r.url, r.origin, r.score, r.quote[:60]) for r in result.references])

    # the paraphrase keeps its citation: the article does say it, in other words
    kept = refs_of(result, PARAPHRASE)
    assert [(r.url, r.origin) for r in kept] == [(article, "model")], explain
    assert "opened in 1966" in kept[0].quote

    # the café page says nothing of lagoons: that citation is dropped (and if the
    # claim is cited at all, it is by the article, which says it)
    assert all(r.url == article for r in refs_of(result, WRONG)), explain
    assert any("dropped" in w and "cp1252" in w for w in result.warnings), result.warnings

    # a number that names no source is dropped, with a warning, and never printed
    assert all(r.url == article for r in refs_of(result, UNKNOWN)), explain
    assert any("names no source" in w for w in result.warnings), result.warnings
    assert "[8]" not in result.answer and "[9]" not in result.answer

    # the uncited claim the article states gets the article, from the engine
    filled = refs_of(result, UNCITED)
    assert [(r.url, r.origin) for r in filled] == [(article, "attributed")], explain
    assert "Sihwa Lake" in filled[0].quote and filled[0].supported is not False

    # the claim nobody states stays uncited
    assert refs_of(result, UNSUPPORTED) == [], explain

    for ref in result.references:  # every quote is the page's own text
        assert ref.context[ref.context_quote_span[0] : ref.context_quote_span[1]] == ref.quote
