from deepref.search.queries import build_queries


class Writer:
    def __init__(self, out=None, fail=False):
        self.out, self.fail = out or [], fail

    async def sub_queries(self, question, n):
        if self.fail:
            raise RuntimeError("llm down")
        return self.out


async def test_question_first_then_unique_sub_queries():
    queries, warnings = await build_queries("What is BM25?", Writer(["bm25 ranking", "WHAT IS BM25?", ""]), 3)
    assert queries == ["What is BM25?", "bm25 ranking"] and warnings == []


async def test_llm_failure_is_a_warning():
    queries, warnings = await build_queries("q?", Writer(fail=True), 2)
    assert queries == ["q?"] and "llm down" in warnings[0]
