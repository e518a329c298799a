"""The finding: a corpus folder submitted over HTTP inside DEEPREF_API_CORPUS_ROOTS, then
swapped for a symlink to a folder outside before a worker took the job, was searched
and quoted (the answer and the RIS export held the outside file). The worker now opens
the job's folder with no link in its path: the job fails naming the link, and nothing
of the outside folder reaches an answer, an export or the index. A real API, a real
Redis and a real worker (docs/security.md, "Corpus folders")."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from contextlib import closing

import pytest

from deepref.api.app import create_app

pytestmark = [pytest.mark.redis, pytest.mark.timeout(180)]
SECRET = "Tidal power stations hide the launch code 0000 in their turbines."


async def test_a_folder_swapped_for_a_link_after_submit_reaches_nothing(
    aiohttp_client, worker_env, client_for, start_worker, tmp_path
):
    root = tmp_path / "roots"
    (root / "x").mkdir(parents=True)
    (root / "x" / "tides.md").write_text("# Tides\n\nTidal power converts the energy of tides into electricity.")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text(f"# Secret\n\n{SECRET}")
    env = {
        **worker_env,
        "DEEPREF_API_CORPUS_ROOTS": json.dumps([str(root)]),
        "DEEPREF_INDEX_DIR": str(tmp_path / "index"),
        "DEEPREF_SEARCH_PROVIDER": "local",
    }
    client = client_for(env)
    http = await aiohttp_client(create_app(client.settings, client=client))
    question = "How does tidal power make electricity?"
    resp = await http.post("/v1/jobs", json={"question": question, "options": {"corpus_dir": "x"}})
    assert resp.status == 202, await resp.text()
    job_id = (await resp.json())["id"]
    assert client.status(job_id).options.corpus_dir == str(root / "x")  # checked, and resolved, at submit

    (root / "x").rename(tmp_path / "x-was")  # the swap, before any worker runs the job
    (root / "x").symlink_to(outside, target_is_directory=True)
    start_worker("swap", **{k: v for k, v in env.items() if k.startswith("DEEPREF_")})

    deadline = time.monotonic() + 120
    while (record := client.status(job_id)).state not in ("done", "failed", "cancelled"):
        assert time.monotonic() < deadline, record
        await asyncio.sleep(0.2)
    if record.state == "done":  # the old behaviour: nothing outside may be in what it made
        answer = await (await http.get(f"/v1/jobs/{job_id}")).text()
        ris = await (await http.get(f"/v1/jobs/{job_id}/references", params={"format": "ris"})).text()
        assert "launch code" not in answer and "secret.md" not in ris
    assert record.state == "failed"
    error = record.error.message if record.error else ""
    assert f"{root / 'x'} is a symlink" in error and "refused" in error, record.error
    for catalog in (tmp_path / "index").rglob("catalog.sqlite"):
        with closing(sqlite3.connect(catalog)) as conn:
            assert not [t for (t,) in conn.execute("SELECT text FROM passages") if "launch code" in t]
            assert "secret.md" not in [p for (p,) in conn.execute("SELECT path FROM files")]
