"""A plan to approve, in process: the stage table's plan stage against the fake model
(which may answer in prose), then the rounds and report of the plan a person edited,
checked at the local search server and in the model's prompts."""

from __future__ import annotations

import pytest

from deepref.reference.errors import ConfigurationError
from deepref.worker.errors import GenerationError
from deepref.worker.jobs.lifecycle import JobLifecycle
from deepref.worker.jobs.models import PLAN_STAGE, REPORT_STAGE, JobState, ResearchBudget, ResearchOptions
from deepref.worker.jobs.plans import Clarification, ResearchPlan
from deepref.worker.jobs.store import MemoryJobStore
from deepref.worker.pipeline import table
from deepref.worker.pipeline.embedded import run_research
from deepref.worker.pipeline.resources import build_resources, close_resources

Q = "What do tidal lagoon costs depend on?"


def options(**budget) -> ResearchOptions:
    return ResearchOptions(depth="standard", embedder="jaccard", approve_plan=True, budget=ResearchBudget(**budget))


class Runner:
    """The stages of one job through the lifecycle, as a worker runs them (no Celery)."""

    def __init__(self, settings) -> None:
        self.store = MemoryJobStore()
        self.lifecycle = JobLifecycle.from_settings(self.store, settings)
        self.res = build_resources(settings, distributed=False)
        self.queued: list[str] = []

    async def stage(self, job_id: str, name: str):
        claim = self.lifecycle.claim(job_id, name, "test")
        output = await table.run(table.stage_named(name), table.StageRun(job_id, claim.record, self.store, self.res))
        self.lifecycle.finish(claim, output if name == REPORT_STAGE else None)
        return output

    async def to_the_end(self, job_id: str):
        name = self.queued.pop()
        while name != REPORT_STAGE:
            name = (await self.stage(job_id, name))["next"]
        return await self.stage(job_id, REPORT_STAGE)


@pytest.fixture
async def runner(deep_settings):
    run = Runner(deep_settings)
    yield run
    await close_resources(run.res)


async def test_the_edited_plan_is_the_plan_that_runs(runner, openai_server, searxng_server):
    researcher = openai_server.fake.researcher
    researcher.behave("tidal lagoon", rounds=1, ambiguous=True)
    job_id = runner.lifecycle.submit(Q, options(rounds=2)).id
    assert await runner.stage(job_id, PLAN_STAGE) is None
    record = runner.store.get(job_id)
    assert record.state is JobState.awaiting_approval and searxng_server.fake.queries == []  # nothing spent on search
    proposed = record.plan
    assert proposed.queries == [f"{Q} proposed a", f"{Q} proposed b"] and proposed.outline == ["Overview", "Evidence"]
    assert [c.question for c in proposed.clarifications] == ["Which country do you mean?"] and not proposed.warnings

    edited = ResearchPlan(
        sub_questions=["How much does the sea wall cost?"],
        queries=["lagoon sea wall cost", "lagoon turbine prices"],
        outline=["Walls", "Turbines"],
        clarifications=[Clarification(question="Which country do you mean?", answer="Wales, Swansea Bay.")],
    )
    runner.lifecycle.replace_plan(job_id, edited)
    runner.lifecycle.approve(job_id, lambda stage, jid: runner.queued.append(stage))
    result = await runner.to_the_end(job_id)

    assert searxng_server.fake.queries[:2] == ["lagoon sea wall cost", "lagoon turbine prices"]
    assert not any("proposed" in q for q in searxng_server.fake.queries)  # the proposal was replaced
    assert result.deep.rounds[0].queries == edited.queries and result.deep.rounds[0].why == "the approved plan"
    assert result.deep.outline == ["Walls", "Turbines"]
    assert result.answer.startswith("## Walls\n\n")
    prompts = [(marker, user) for marker, user in researcher.prompts if marker != "[[deepref:propose]]"]
    assert prompts and all("Which country do you mean? Wales, Swansea Bay." in user for _, user in prompts)
    first_read = next(user for marker, user in prompts if marker == "[[deepref:read]]")
    assert "- How much does the sea wall cost?" in first_read  # the sub-question is the first reading's gap
    assert result.usage.total_tokens == result.deep.spent["tokens"]  # the proposal's tokens are counted
    assert runner.store.get(job_id).state is JobState.done


async def test_a_malformed_proposal_waits_with_a_warning_and_the_question_as_query(runner, openai_server):
    openai_server.fake.researcher.behave("tidal lagoon", malformed_proposal=True)
    job_id = runner.lifecycle.submit(Q, options()).id
    await runner.stage(job_id, PLAN_STAGE)
    record = runner.store.get(job_id)
    assert record.state is JobState.awaiting_approval
    assert record.plan.queries == [Q]
    (warning,) = record.plan.warnings
    assert "the model's plan was not the JSON asked for (it began: \"I'd start broadly" in warning
    assert "edit it before approving" in warning and "see the plan's warnings" in record.message


async def test_a_model_that_refuses_to_plan_fails_the_plan_stage_saying_so(runner, openai_server):
    openai_server.fake.researcher.behave("tidal lagoon", fail_on="[[deepref:propose]]")
    job_id = runner.lifecycle.submit(Q, options()).id
    with pytest.raises(GenerationError, match=r"the LLM endpoint http://127\.0\.0\.1:\d+/v1 answered HTTP 400") as info:
        await runner.stage(job_id, PLAN_STAGE)
    assert not info.value.retryable and runner.store.get(job_id).plan is None


def test_the_embedded_runner_refuses_a_plan_nobody_can_approve(deep_settings):
    with pytest.raises(ConfigurationError, match="approve_plan needs a queued job"):
        run_research(Q, options(), settings=deep_settings)
