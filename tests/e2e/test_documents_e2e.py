"""A queued job on a real worker over a folder of PDFs: the reference names and links the page."""

from __future__ import annotations

import pytest

from deepref.reference.locators import Locator, locator_link
from tests.search.documents.makers import make_pdf

pytestmark = [pytest.mark.redis, pytest.mark.worker, pytest.mark.timeout(180)]

SENTENCES = [
    "The river survey counted forty-two otters along the northern bank of the Wenning.",
    "Nitrate levels in the Stocks reservoir doubled between March and August.",
    "The parish committee recommended a ban on motorboats above the Hornby weir.",
    "Volunteers planted three thousand willow saplings in the Wenning floodplain.",
]


def test_queued_job_on_a_pdf_folder_cites_the_page(worker_env, start_worker, client_for, tmp_path):
    (tmp_path / "report.pdf").write_bytes(make_pdf(SENTENCES))
    start_worker("docs")
    client = client_for(worker_env)
    job_id = client.submit(
        "What did the parish committee recommend about motorboats?",
        {"provider": "local", "corpus_dir": str(tmp_path)},
    )
    result = client.result(job_id, wait=True, timeout=120)
    refs = [r for r in result.references if "motorboats" in r.quote]
    assert refs, (result.answer, result.warnings, [r.quote for r in result.references])
    assert refs[0].locator is not None and refs[0].locator.text == "p. 3"
    link = locator_link(refs[0].url, Locator.from_dict(refs[0].locator.model_dump()))
    assert link.endswith("report.pdf#page=3")
