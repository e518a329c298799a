"""``GET /v1/jobs/{id}/report?format=pdf|docx`` against the real app, a real Redis and a
real worker; the files read back with pypdf and python-docx (tests/export/readers.py).
Its 400, 404, 409 and 422 are tested with the references route's (test_references.py)."""

from __future__ import annotations

import asyncio

import pytest

from deepref.api.spec import openapi
from tests.export.readers import read_docx, read_pdf, squash

pytestmark = [pytest.mark.redis, pytest.mark.timeout(180)]


async def test_a_done_job_as_pdf_and_docx(api, start_worker, searxng_server, web_site):
    http, client = api
    searxng_server.fake.default = [{"url": web_site.url("/article"), "title": "Tides", "content": ""}]
    start_worker("api-docs")
    job_id = client.submit("When did La Rance open?")
    result = await asyncio.to_thread(client.result, job_id, wait=True, timeout=60)
    quotes = {" ".join(r.quote.split()) for r in result.references if r.quote}
    cited = {r.url for r in result.references}
    assert quotes and cited

    resp = await http.get(f"/v1/jobs/{job_id}/report")  # pdf by default
    assert resp.status == 200 and resp.content_type == "application/pdf"
    assert resp.headers["Content-Disposition"] == f'attachment; filename="deepref-{job_id}.pdf"'
    pdf = read_pdf(await resp.read())
    assert all(squash(q) in squash(pdf.text) for q in quotes)
    assert cited <= set(pdf.uris)

    resp = await http.get(f"/v1/jobs/{job_id}/report?format=docx")
    assert resp.status == 200
    assert resp.content_type == "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    assert resp.headers["Content-Disposition"] == f'attachment; filename="deepref-{job_id}.docx"'
    docx = read_docx(await resp.read())
    in_notes = " ".join(f.text for f in docx.footnotes)
    assert all(q in in_notes for q in quotes)
    assert cited <= {h for f in docx.footnotes for h in f.hrefs}


async def test_a_server_without_the_extra_answers_501(api, monkeypatch):
    import sys

    http, client = api
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    from deepref.worker.jobs.models import ResearchResult

    monkeypatch.setattr(
        client, "result", lambda job_id: ResearchResult(question="q", answer="a", answer_mode="extractive")
    )
    resp = await http.get(f"/v1/jobs/{'0' * 32}/report?format=pdf")
    body = await resp.json()
    assert resp.status == 501 and "pip install 'deepref[export]'" in body["error"]["message"]


def test_the_route_is_in_the_openapi_description():
    op = openapi()["paths"]["/v1/jobs/{id}/report"]["get"]
    formats = next(p for p in op["parameters"] if p["name"] == "format")["schema"]["enum"]
    assert formats == ["pdf", "docx"]
    assert set(op["responses"]["200"]["content"]) == {
        "application/pdf",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    }
    assert {"409", "422", "501"} <= set(op["responses"])
