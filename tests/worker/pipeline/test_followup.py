"""What a follow-up takes from its parent, and what it refuses (worker/pipeline/followup.py)."""

from __future__ import annotations

import pytest

from deepref.worker.confine import CorpusForbidden
from deepref.worker.errors import ParentNotFinished
from deepref.worker.jobs.models import (
    FollowupOut,
    JobRecord,
    JobState,
    ResearchBudget,
    ResearchOptions,
    ResearchResult,
    TurnOut,
)
from deepref.worker.pipeline import followup


def done(options: ResearchOptions, **result) -> JobRecord:
    answer = ResearchResult(question="Q1", answer="Tides turn turbines.[^1]", answer_mode="llm", **result)
    return JobRecord(id="a" * 32, question="Q1", options=options, state=JobState.done, result=answer)


def test_a_follow_up_is_one_quick_pass_with_its_parents_options_but_not_its_webhook(tmp_path):
    options = ResearchOptions(
        depth="deep",
        provider="local",
        corpus_dir=str(tmp_path),
        language="fr",
        budget=ResearchBudget(rounds=4, cost=0.5),
        callback_url="https://hooks.example/x",
    )
    mine = followup.options_of(done(options))
    assert (mine.depth, mine.provider, mine.corpus_dir, mine.language) == ("quick", "local", str(tmp_path), "fr")
    assert mine.budget == ResearchBudget(cost=0.5) and mine.callback_url is None
    assert followup.options_of(done(options), ResearchBudget(cost=0.01)).budget.cost == 0.01
    with pytest.raises(CorpusForbidden, match="DEEPREF_API_CORPUS_ROOTS"):
        followup.options_of(done(options), corpus_roots=[tmp_path / "elsewhere"])
    assert followup.options_of(done(options), corpus_roots=[tmp_path]).corpus_dir == str(tmp_path)


@pytest.mark.parametrize(
    ("state", "said"),
    [
        (JobState.queued, "is queued, not done: wait until it is done (deepref result"),
        (JobState.failed, "is failed, not done: it failed, so it has no answer to follow up"),
        (JobState.cancelled, "is cancelled, not done: it was cancelled, so it has no answer"),
    ],
)
def test_a_parent_not_done_says_whether_to_wait_or_ask_anew(state, said):
    record = JobRecord(id="b" * 32, question="Q1", state=state)
    with pytest.raises(ParentNotFinished, match=said.replace("(", r"\(")):
        followup.check_parent(record)


def test_the_conversation_is_the_threads_last_turns_without_markers():
    earlier = [TurnOut(job_id=str(i) * 32, question=f"Q{i}", answer=f"A{i}.[^{i}]") for i in range(2, 10)]
    parent = done(ResearchOptions())
    assert followup.conversation(parent) == [("Q1", "Tides turn turbines.")]
    parent.result.followup = FollowupOut(parent="c" * 32, turns=earlier)
    talk = followup.conversation(parent)
    assert len(talk) == followup.HISTORY_TURNS and talk[-1] == ("Q1", "Tides turn turbines.")
    assert talk[0] == ("Q5", "A5.") and not any("[^" in a for _, a in talk)
