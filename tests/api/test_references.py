"""``GET /v1/jobs/{id}/references`` against the real app, a real Redis and a real worker;
each file format read back with its parser."""

from __future__ import annotations

import asyncio
import json

import bibtexparser
import pytest
import rispy

from deepref.api.spec import openapi

pytestmark = [pytest.mark.redis, pytest.mark.timeout(120)]


async def test_references_of_a_done_job_in_every_format(api, start_worker, searxng_server, web_site):
    http, client = api
    searxng_server.fake.default = [{"url": web_site.url("/article"), "title": "Tides", "content": ""}]
    start_worker("api-refs")
    job_id = client.submit("When did La Rance open?")
    result = await asyncio.to_thread(client.result, job_id, wait=True, timeout=60)
    cited = sorted({r.url for r in result.references})
    assert cited

    resp = await http.get(f"/v1/jobs/{job_id}/references?format=bibtex")
    assert resp.status == 200 and resp.content_type == "application/x-bibtex" and resp.charset == "utf-8"
    assert resp.headers["Content-Disposition"] == f'attachment; filename="deepref-{job_id}.bib"'
    library = bibtexparser.parse_string(await resp.text())
    assert library.failed_blocks == [] and sorted(e["url"] for e in library.entries) == cited
    article = next(e for e in library.entries if e["url"].endswith("/article"))
    assert article["title"] == "Tidal Power Explained" and article["date"] == "2026-03-14"  # the page's meta date
    assert article.key == "anon2026tidal"  # no author, a host that is an address: anon, the year, the title

    resp = await http.get(f"/v1/jobs/{job_id}/references?format=ris")
    assert resp.status == 200 and resp.content_type == "application/x-research-info-systems"
    records = rispy.loads(await resp.text())
    assert [r["id"] for r in records] == [e.key for e in library.entries]
    assert records[0]["date"] == "2026/03/14/" and records[0]["access_date"]

    resp = await http.get(f"/v1/jobs/{job_id}/references")  # csl-json by default
    assert resp.status == 200 and resp.content_type == "application/vnd.citationstyles.csl+json"
    items = json.loads(await resp.text())
    assert items[0]["issued"] == {"date-parts": [[2026, 3, 14]]} and items[0]["type"] == "webpage"

    for fmt, start in (("apa", "127.0.0.1. (2026, March 14). Tidal Power Explained."), ("chicago", "127.0.0.1. 2026.")):
        resp = await http.get(f"/v1/jobs/{job_id}/references?format={fmt}")
        assert resp.status == 200 and resp.content_type == "text/plain"
        assert "Content-Disposition" not in resp.headers
        assert (await resp.text()).startswith(start)


@pytest.mark.parametrize(
    ("route", "formats", "good"),
    [("references", "bibtex, ris, csl-json", "bibtex"), ("report", "pdf, docx", "docx")],  # and api/documents.py's
)
async def test_references_errors(api, route, formats, good):
    http, client = api
    pending = client.submit("What is BM25?")  # no worker: stays queued
    cases = [
        (f"/v1/jobs/{pending}/{route}", 409, "not finished yet"),
        (f"/v1/jobs/{pending}/{route}?format=endnote", 422, formats),
        (f"/v1/jobs/{'0' * 32}/{route}", 404, "never submitted"),
        (f"/v1/jobs/not-an-id/{route}", 400, "not a job id"),
    ]
    for path, status, message in cases:
        resp = await http.get(path)
        body = await resp.json()
        assert resp.status == status, (path, body)
        assert message in body["error"]["message"]
    client.cancel(pending)
    resp = await http.get(f"/v1/jobs/{pending}/{route}?format={good}")
    assert resp.status == 409 and "cancelled" in (await resp.json())["error"]["message"]


def test_the_route_is_in_the_openapi_description():
    op = openapi()["paths"]["/v1/jobs/{id}/references"]["get"]
    formats = next(p for p in op["parameters"] if p["name"] == "format")["schema"]["enum"]
    assert {"bibtex", "ris", "csl-json", "apa", "chicago"} <= set(formats)
    assert "application/x-bibtex" in op["responses"]["200"]["content"]
