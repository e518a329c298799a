"""A plan to approve, in the job lifecycle (Redis and memory stores, same tests): the
waiting state no stage can claim, edits, approval, expiry on a test's clock, cancel."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from deepref.worker.errors import JobNotFound, NotAwaitingApproval
from deepref.worker.jobs.keys import Keys
from deepref.worker.jobs.lifecycle import JobLifecycle, Skip
from deepref.worker.jobs.models import PLAN_STAGE, JobState, ResearchOptions, first_stage
from deepref.worker.jobs.plans import Clarification, ResearchPlan
from deepref.worker.jobs.store import MemoryJobStore, RedisJobStore

PLAN = ResearchPlan(sub_questions=["What sets the cost?"], queries=["lagoon cost"], outline=["Costs"])


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["redis", "memory"])
def store(request, key_prefix):
    if request.param == "memory":
        return MemoryJobStore(Keys(key_prefix))
    return RedisJobStore(request.getfixturevalue("redis_client"), Keys(key_prefix), ttl=600)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def lifecycle(store, clock) -> JobLifecycle:
    return JobLifecycle(store, heartbeat_seconds=1, approval_seconds=3600, clock=clock)


def waiting(lifecycle: JobLifecycle) -> str:
    """A job that planned and now waits: its plan stage claimed, proposed, finished."""
    options = ResearchOptions(depth="standard", approve_plan=True)
    assert first_stage(options) == PLAN_STAGE
    job_id = lifecycle.submit("What do tidal lagoons cost?", options).id
    claim = lifecycle.claim(job_id, PLAN_STAGE)
    lifecycle.propose(job_id, PLAN, [])
    assert lifecycle.finish(claim)
    return job_id


def test_a_waiting_job_holds_no_stage_and_runs_the_approved_plan(lifecycle, store, clock):
    job_id = waiting(lifecycle)
    record = store.get(job_id)
    assert record.state is JobState.awaiting_approval and not record.state.finished
    assert record.plan.queries == ["lagoon cost"] and record.plan.expires_at == clock.now + 3600
    assert "waiting for approval of its plan until" in record.message
    for stage in (PLAN_STAGE, "round-1"):  # a stray or redelivered message runs nothing
        with pytest.raises(Skip, match="awaiting_approval"):
            lifecycle.claim(job_id, stage)
        assert not store.held(store.keys.job_stage_lock(job_id, stage))

    edited = ResearchPlan(
        queries=["tidal lagoon capital cost", "Swansea lagoon strike price"],
        outline=["Capital", "Prices"],
        clarifications=[Clarification(question="Which country?", answer="The United Kingdom")],
    )
    record = lifecycle.replace_plan(job_id, edited)
    assert record.plan.edited and record.plan.editable() == edited
    assert record.state is JobState.awaiting_approval and record.plan.expires_at == clock.now + 3600

    queued: list[tuple[str, str]] = []
    record = lifecycle.approve(job_id, lambda stage, jid: queued.append((stage, jid)))
    assert queued == [("round-1", job_id)]
    assert record.state is JobState.queued and record.plan.approved_at == clock.now
    assert record.deep.next_stage == "round-1"  # the reaper's lost-message path queues round-1 from plan
    assert lifecycle.claim(job_id, "round-1").record.plan.editable() == edited

    with pytest.raises(NotAwaitingApproval, match="approved already"):
        lifecycle.approve(job_id, lambda *a: None)
    with pytest.raises(NotAwaitingApproval, match="approved already"):
        lifecycle.replace_plan(job_id, PLAN)


def test_wrong_states_and_unknown_jobs(lifecycle, store):
    quick = lifecycle.submit("q").id
    with pytest.raises(NotAwaitingApproval, match="without approve_plan"):
        lifecycle.approve(quick, lambda *a: None)
    planning = lifecycle.submit("q", ResearchOptions(depth="deep", approve_plan=True)).id
    with pytest.raises(NotAwaitingApproval, match="not finished planning"):
        lifecycle.replace_plan(planning, PLAN)
    with pytest.raises(JobNotFound):
        lifecycle.approve("0" * 32, lambda *a: None)
    assert store.get(planning).plan is None


def test_an_unapproved_plan_expires_and_fails_its_job_with_the_reason(lifecycle, store, clock):
    job_id = waiting(lifecycle)
    clock.now += 3599
    assert lifecycle.reap(lambda *a: None).failed == []
    assert store.get(job_id).state is JobState.awaiting_approval  # never stalled, never re-queued
    clock.now += 2
    assert lifecycle.reap(lambda *a: None).failed == [job_id]
    record = store.get(job_id)
    assert record.state is JobState.failed and record.error.type == "ApprovalExpired"
    assert record.error.stage == PLAN_STAGE and "waited 1 h for approval and expired" in record.error.message
    with pytest.raises(NotAwaitingApproval, match="failed: its plan waited 1 h"):
        lifecycle.approve(job_id, lambda *a: None)


def test_approving_after_expiry_fails_the_job_without_a_reaper(lifecycle, store, clock):
    job_id = waiting(lifecycle)
    clock.now += 3601
    queued: list = []
    with pytest.raises(NotAwaitingApproval, match="expired"):
        lifecycle.approve(job_id, lambda *a: queued.append(a))
    assert queued == [] and store.get(job_id).state is JobState.failed


def test_a_waiting_job_can_be_cancelled(lifecycle, store):
    job_id = waiting(lifecycle)
    assert lifecycle.cancel(job_id).state is JobState.cancelled
    with pytest.raises(NotAwaitingApproval, match="cancelled"):
        lifecycle.approve(job_id, lambda *a: None)


def test_the_largest_plan_fits_the_apis_default_body_limit():
    """Every character a surrogate pair in JSON (12 bytes): still under DEEPREF_API_MAX_BODY_BYTES."""
    from deepref.worker.jobs import plans
    from deepref.worker.settings import Settings

    line = "😍" * plans.LINE_CHARS
    largest = ResearchPlan(
        sub_questions=[line] * plans.MAX_SUB_QUESTIONS,
        queries=[line] * plans.MAX_QUERIES,
        outline=[line] * plans.MAX_SECTIONS,
        clarifications=[Clarification(question=line, answer="😍" * plans.ANSWER_CHARS)] * plans.MAX_CLARIFICATIONS,
    )
    body = json.dumps(largest.model_dump(), ensure_ascii=True)
    assert len(body) < Settings(_env_file=None).api_max_body_bytes


def test_plans_are_bounded_and_quick_jobs_have_none():
    with pytest.raises(ValidationError, match="queries"):
        ResearchPlan(queries=[])
    with pytest.raises(ValidationError, match="extra"):
        ResearchPlan.model_validate({"queries": ["x"], "steps": []})
    with pytest.raises(ValidationError, match="at most 10"):
        ResearchPlan(queries=[f"q{i}" for i in range(11)])
    with pytest.raises(ValidationError, match="approve_plan applies to depth standard or deep"):
        ResearchOptions(approve_plan=True)


def test_the_jobs_gauge_names_every_unfinished_state():
    from deepref.worker.metrics import UNFINISHED

    assert set(UNFINISHED) == {s.value for s in JobState if not s.finished}


def test_an_approval_whose_message_is_lost_is_queued_again_by_the_reaper(redis_client, key_prefix):
    """Approved, but the broker refused round 1's message: the reaper finds a queued job
    with no message and queues its last stage, whose delivery queues round 1."""
    store = RedisJobStore(redis_client, Keys(key_prefix), ttl=600)
    lifecycle = JobLifecycle(store, heartbeat_seconds=1, lost_message_seconds=0)
    job_id = waiting(lifecycle)

    def refused(stage: str, jid: str) -> None:
        raise ConnectionError("broker full")

    with pytest.raises(ConnectionError):
        lifecycle.approve(job_id, refused)
    assert store.get(job_id).state is JobState.queued  # the approval stands
    queued: list[tuple[str, str]] = []
    assert lifecycle.reap(lambda stage, jid: queued.append((stage, jid))).requeued == [job_id]
    assert queued == [(PLAN_STAGE, job_id)]
    following: list[tuple[str, str]] = []
    with pytest.raises(Skip, match="plan already finished"):
        lifecycle.claim(job_id, PLAN_STAGE, enqueue=lambda stage, jid: following.append((stage, jid)))
    assert following == [("round-1", job_id)]
