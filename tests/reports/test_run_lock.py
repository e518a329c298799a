"""Whoever advances a report run (beat's tick, ``deepref reports run NAME``) takes the
run's lock, so two coordinators at once never submit the same questions twice."""

from __future__ import annotations

import threading

import pytest

from deepref.reports.definitions import ReportDefinition
from deepref.reports.run import advance, advance_locked, new_run
from deepref.reports.store import ReportStore
from deepref.worker.client import Client
from deepref.worker.settings import Settings

pytestmark = [pytest.mark.redis]

QUESTIONS = ["What is BM25?", "What is a footnote?", "What is SSRF?"]


class Rivals:
    """Two coordinators at once: each one's first submit waits until the other has had
    its go, submitting too (it read the same run) or returned (it found the run locked),
    so that the window in which both read the run is there on any machine."""

    def __init__(self):
        self._turned = threading.Condition()
        self._ready: set[int] = set()

    def had_its_go(self, client) -> None:
        with self._turned:
            self._ready.add(id(client))
            self._turned.notify_all()

    def wait_for_the_other(self, client) -> None:
        self.had_its_go(client)
        with self._turned:
            assert self._turned.wait_for(lambda: self._ready - {id(client)}, 30), "the other coordinator never went"


class RivalClient(Client):
    """A real client (real Redis, real queue) whose first submit waits for its rival."""

    def __init__(self, settings, rivals: Rivals):
        super().__init__(settings)
        self.rivals = rivals

    def submit(self, question, options=None, queue="interactive"):
        self.rivals.wait_for_the_other(self)
        return super().submit(question, options)


@pytest.fixture
def setup(redis_client, redis_url, key_prefix, tmp_path):
    settings = Settings(redis_url=redis_url, key_prefix=key_prefix, llm_base_url=None)
    rivals = Rivals()
    clients = [RivalClient(settings, rivals), RivalClient(settings, rivals)]  # two processes' worth
    definition = ReportDefinition(name="brief", title="Brief", questions=QUESTIONS, concurrency=len(QUESTIONS))
    yield clients, definition, ReportStore(tmp_path / "out")
    for client in clients:
        client.close()


def submitted(client) -> int:
    return client.store.redis.zcard(client.store.keys.job_index())


def race(clients, advance_with) -> None:
    """``advance_with(client)`` by each client in a thread of its own, at once."""

    def go(client) -> None:
        try:
            advance_with(client)
        finally:
            client.rivals.had_its_go(client)

    threads = [threading.Thread(target=go, args=(c,)) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)


def test_two_coordinators_with_the_lock_submit_each_question_once(setup):
    clients, definition, store = setup
    run = new_run(definition, store)["run"]
    outcomes: list[bool | None] = []
    race(clients, lambda c: outcomes.append(advance_locked("brief", run, definition, store, c)))
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
    race(clients, lambda c: advance(store.load("brief", run), definition, store, c))
    assert submitted(clients[0]) == 2 * len(QUESTIONS)
