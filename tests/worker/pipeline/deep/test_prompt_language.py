"""Each prompt asks only for its own task (issue 32, item 7): with ``language="fr"`` and an
English question, every prompt says to write in French, and only the prompts that write
search queries (the plan, the proposal, the sub-queries) say to search in both languages.
The prompts are read as the fake model received them, from real runs."""

from __future__ import annotations

from deepref.worker.inference.llm import build_answer_messages, with_language
from deepref.worker.jobs.models import ResearchBudget, ResearchOptions
from deepref.worker.pipeline.deep import planning, proposal
from deepref.worker.pipeline.embedded import run_research

Q = "What do tidal lagoon costs depend on?"
WRITE = "Write in French"
SEARCH = "search queries in the language of the question and also in French"


def _prompts(fake) -> dict[str, list[str]]:
    """Each chat request's whole prompt (system and user), by the task its user message names."""
    out: dict[str, list[str]] = {}
    for request in fake.requests:
        if request["path"] != "/v1/chat/completions":
            continue
        messages = request["body"]["messages"]
        user = messages[-1]["content"]
        if user.startswith("[[deepref:"):
            task = user.split("]]", 1)[0] + "]]"
        elif "search queries" in messages[0]["content"] and messages[0]["content"].startswith("You write web"):
            task = "sub-queries"
        elif messages[0]["content"].startswith("You check citations"):
            task = "judge"
        else:
            task = "answer"
        out.setdefault(task, []).append("\n".join(m["content"] for m in messages))
    return out


def test_deep_prompts_ask_for_queries_only_where_they_write_queries(deep_settings, openai_server):
    openai_server.fake.researcher.behave("tidal lagoon", rounds=2)
    options = ResearchOptions(depth="deep", embedder="jaccard", language="fr", budget=ResearchBudget(rounds=2))
    result = run_research(Q, options, settings=deep_settings)
    assert result.references
    prompts = _prompts(openai_server.fake)
    for task in (planning.PLAN, planning.READ, planning.OUTLINE, planning.WRITE):
        assert prompts.get(task), f"no {task} prompt was sent: {sorted(prompts)}"
    for task, texts in prompts.items():
        for text in texts:
            assert WRITE in text or task == "judge", (task, text[:400])
            if task == planning.PLAN:
                assert SEARCH in text
            elif task != "sub-queries":
                assert "search queries" not in text, (task, text[:400])


def test_the_answer_prompt_says_the_language_and_nothing_of_queries(deep_settings, openai_server):
    options = ResearchOptions(embedder="jaccard", language="fr", sub_queries=2)
    run_research(Q, options, settings=deep_settings)
    prompts = _prompts(openai_server.fake)
    (answer,) = prompts["answer"]
    assert WRITE in answer and "search queries" not in answer and "Answer in the language" not in answer
    (queries,) = prompts["sub-queries"]
    assert "about half in French" in queries  # the prompt that writes queries: both languages


def test_the_proposal_asks_for_queries_in_both_languages_and_the_others_do_not() -> None:
    """The proposal (a plan to approve) writes the first queries; built as approval.py sends it."""
    sent = with_language(proposal.propose_messages(Q, 3), Q, "fr", queries=True)
    assert WRITE in sent[0]["content"] and SEARCH in sent[0]["content"]
    for messages in (
        planning.read_messages(Q, [], []),
        planning.outline_messages(Q, []),
        planning.write_messages(Q, "Costs", [], []),
    ):
        system = with_language(messages, Q, "fr")[0]["content"]
        assert WRITE in system and "search queries" not in system
    answer = build_answer_messages(Q, [], "fr")[0]["content"]
    assert WRITE in answer and "search queries" not in answer
    same = with_language(planning.plan_messages(Q, 1, 2, 3, [], []), "Que coûte une lagune ?", "fr", queries=True)
    assert "search queries in the language" not in same[0]["content"]  # one language: nothing to add


async def test_the_judging_prompt_asks_for_verdicts_only(llm, openai_server) -> None:
    from deepref.worker.pipeline.judging.model_judge import ModelJudge

    await ModelJudge(llm).judge([("La Rance opened in 1966.", "The La Rance station opened in 1966.")])
    (judging,) = _prompts(openai_server.fake)["judge"]
    for stray in ("search queries", "Write in", "Answer in the language", "bullet", "[1]", "concise"):
        assert stray not in judging, stray
