"""Whoever advances a report run (beat's tick, ``deepref reports run NAME``) takes the
run's lock, so two coordinators at once never submit the same questions twice."""

from __future__ import annotations

import threading
import time

import pytest

from deepref.reports.definitions import ReportDefinition
from deepref.reports.run import advance, advance_locked, new_run
from deepref.reports.store import ReportStore
from deepref.worker.client import Client
from deepref.worker.settings import Settings

pytestmark = [pytest.mark.redis]

QUESTIONS = ["What is BM25?", "What is a footnote?", "What is SSRF?"]


class SlowClient(Client):
    """A real client (real Redis, real queue) whose submit takes a moment, as over a
    network: the window in which a second coordinator would read the same run."""

    def submit(self, question, options=None, queue="interactive"):
        time.sleep(0.3)
        return super().submit(question, options)


@pytest.fixture
def setup(redis_client, redis_url, key_prefix, tmp_path):
    settings = Settings(redis_url=redis_url, key_prefix=key_prefix, llm_base_url=None)
    clients = [SlowClient(settings), SlowClient(settings)]  # two processes' worth
    definition = ReportDefinition(name="brief", title="Brief", questions=QUESTIONS, concurrency=len(QUESTIONS))
    yield clients, definition, ReportStore(tmp_path / "out")
    for client in clients:
        client.close()


def submitted(client) -> int:
    return client.store.redis.zcard(client.store.keys.job_index())


def race(targets) -> None:
    threads = [threading.Thread(target=t) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)


def test_two_coordinators_with_the_lock_submit_each_question_once(setup):
    clients, definition, store = setup
    run = new_run(definition, store)["run"]
    outcomes: list[bool | None] = []
    race([lambda c=c: outcomes.append(advance_locked("brief", run, definition, store, c)) for c in clients])
    assert sorted(outcomes, key=str) == [False, None]  # one advanced, the other found it held
    assert submitted(clients[0]) == len(QUESTIONS)
    # the next advance, by either, re-reads what the first saved: nothing asked again
    assert advance_locked("brief", run, definition, store, clients[1]) is False
    assert submitted(clients[0]) == len(QUESTIONS)
    sections = store.load("brief", run)["sections"]
    assert [s["status"] for s in sections] == ["running"] * len(QUESTIONS)
    assert len({s["job_id"] for s in sections}) == len(QUESTIONS)


def test_without_the_lock_the_same_questions_are_submitted_twice(setup):
    """The hazard the lock prevents (what `deepref reports run` did next to beat)."""
    clients, definition, store = setup
    run = new_run(definition, store)["run"]
    race([lambda c=c: advance(store.load("brief", run), definition, store, c) for c in clients])
    assert submitted(clients[0]) == 2 * len(QUESTIONS)
