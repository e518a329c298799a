"""A failed job's message says what went wrong, also when the exception says nothing.

A fan-out benchmark once ended with "internal error in the report stage: None": an
exception whose ``str()`` was "None" (``KeyError(None)`` gives exactly that), put
into the message as it was. ``worker.errors.describe`` names the class, where it
was raised and what it was handling whenever the exception's own words are empty
or "None"."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from celery.exceptions import Ignore

from deepref.worker.errors import GenerationError, describe
from deepref.worker.jobs.lifecycle import JobLifecycle
from deepref.worker.jobs.models import JobState
from deepref.worker.jobs.store import MemoryJobStore


def lookup(table: dict, key):
    return table[key]


def raised(fn, *args) -> BaseException:
    try:
        fn(*args)
    except BaseException as exc:  # the test wants whatever it raised
        return exc
    raise AssertionError("nothing was raised")


def test_an_exception_with_words_keeps_them():
    exc = raised(lookup, {}, "lagoon")
    assert describe(exc) == "'lagoon'"
    assert describe(exc, with_type=True) == "KeyError: 'lagoon'"
    assert describe(GenerationError("the LLM endpoint answered HTTP 500")) == "the LLM endpoint answered HTTP 500"


def test_an_exception_whose_message_is_none_names_its_class_and_where_it_was_raised():
    exc = raised(lookup, {}, None)
    assert str(exc) == "None"  # what the job's message used to end with
    text = describe(exc, with_type=True)
    assert text.startswith("KeyError with the message None, raised at tests/worker/test_error_messages.py:")
    assert text.endswith(" in lookup")
    assert describe(ValueError(None)) == "ValueError with the message None"  # never raised: no place to name


def test_an_empty_exception_says_what_it_was_handling():
    def timeout_while_reading():
        try:
            raise ConnectionResetError("the peer closed the stream")
        except ConnectionResetError:
            raise TimeoutError()  # noqa: B904 - the implicit context is what is described

    text = describe(raised(timeout_while_reading), with_type=True)
    assert text.startswith("TimeoutError with no message, raised at tests/worker/test_error_messages.py:")
    assert text.endswith("in timeout_while_reading, while handling ConnectionResetError: the peer closed the stream")

    def cause_hidden():
        try:
            raise OSError("hidden")
        except OSError:
            raise RuntimeError() from None

    assert "while handling" not in describe(raised(cause_hidden))

    def caused():
        raise RuntimeError() from KeyError(None)

    assert describe(raised(caused)).endswith("in caused, while handling KeyError with the message None")


def test_a_stage_failing_for_good_with_an_empty_error_says_which_error():
    store = MemoryJobStore()
    life = JobLifecycle(store, heartbeat_seconds=1, max_retries=0)
    job = life.submit("q")
    claim = life.claim(job.id, "generate", "t")
    life.failed(claim, GenerationError(""), "after 1 attempts")
    record = store.get(job.id)
    assert record.state is JobState.failed
    assert record.error.message == "GenerationError with no message (after 1 attempts)"


def test_a_crashing_stage_fails_its_job_with_the_class_and_place_not_none(monkeypatch):
    """tasks.stage.run_stage around a body that raises KeyError(None), as a worker runs
    it (the Celery task is the one stand-in: only its request id and retry are used)."""
    from deepref.tasks import stage as stage_module

    store = MemoryJobStore()
    life = JobLifecycle(store, heartbeat_seconds=1)
    monkeypatch.setattr(stage_module, "process_lifecycle", lambda: life)
    job = life.submit("q")
    for stage in ("search", "fetch", "chunk", "generate"):
        assert life.finish(life.claim(job.id, stage, "t"))
    task = SimpleNamespace(request=SimpleNamespace(id="delivery-1"), retry=None)

    with pytest.raises(Ignore):
        stage_module.run_stage(task, job.id, "build_references", lambda record: lookup({}, None))
    record = store.get(job.id)
    assert record.state is JobState.failed and record.error.type == "KeyError"
    message = record.error.message
    assert message.startswith(
        "internal error in the build_references stage: KeyError with the message None, raised at "
        "tests/worker/test_error_messages.py:"
    ), message
    assert message.endswith(" in lookup")
    assert not store.held(store.keys.job_stage_lock(job.id, "build_references"))
