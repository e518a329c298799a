"""Results and report runs to export (tests/export, benchmarks/bench_exports.py): answers
in English, Chinese, Arabic and Hebrew whose markers, references and spans agree as the
engine writes them, web pages and PDF pages (``#page=``) among their sources, and
quotes with the characters writers get wrong (``&``, ``<``, quotes, braces)."""

from __future__ import annotations

from typing import Any

from deepref.reports.assemble import assemble
from deepref.worker.jobs.models import ResearchResult

# (language, claims): each claim is (sentence, source index, quote, pdf page or 0)
LANGUAGES: dict[str, list[tuple[str, int, str, int]]] = {
    "en": [
        (
            "Tidal power converts the rise and fall of the sea into electricity.",
            0,
            "Tidal power converts the energy of rising & falling tides into electricity.",
            0,
        ),
        (
            "La Rance in France opened in 1966 and still runs.",
            1,
            "The La Rance station, opened in 1966, is the oldest <tidal> plant still in service.",
            3,
        ),
        (
            "Lagoons hold water behind a wall and release it through turbines.",
            0,
            'A lagoon impounds water behind a "sea wall" {and} releases it through turbines.',
            0,
        ),
        (
            "Costs per megawatt-hour remain higher than offshore wind.",
            2,
            "Levelised costs remain above those of offshore wind (see Table 4).",
            12,
        ),
    ],
    "zh": [
        ("潮汐能利用海水涨落发电。", 3, "潮汐能是利用海水周期性涨落所产生的能量进行发电。", 0),
        ("中国的江厦潮汐试验电站于1980年投产。", 4, "江厦潮汐试验电站于1980年建成投产，是中国最大的潮汐电站。", 2),
    ],
    "ar": [
        (
            "تحول الطاقة المدية حركة المد والجزر إلى كهرباء.",
            5,
            "الطاقة المدية هي تحويل طاقة المد والجزر إلى طاقة كهربائية.",
            0,
        ),
        (
            "محطة سيهوا في كوريا هي الأكبر في العالم.",
            5,
            "تعد محطة سيهوا للطاقة المدية في كوريا الجنوبية الأكبر في العالم.",
            0,
        ),
    ],
    "he": [
        ("אנרגיית גאות ושפל מפיקה חשמל מתנועת המים.", 6, "אנרגיית גאות ושפל היא הפקת חשמל מתנועת מי הים.", 0),
    ],
}

SOURCES = [
    ("https://energy.example.org/tidal_power?ref=a%20b", "Tidal Power Explained"),
    ("https://archive.example.org/papers/rance.pdf", "La Rance: fifty years"),
    ("https://costs.example.org/report-2024.pdf", "Marine energy costs 2024"),
    ("https://zh.example.org/潮汐能", "潮汐能 – 百科"),
    ("https://cn.example.org/jiangxia.pdf", "江厦潮汐试验电站"),
    ("https://ar.example.org/طاقة", "الطاقة المدية"),
    ("https://he.example.org/גאות", "אנרגיית גאות ושפל"),
]


def result(language: str = "en", question: str | None = None, repeat: int = 1) -> ResearchResult:
    """A result whose answer has the claims of ``language`` (``repeat`` times, as paragraphs)."""
    claims = LANGUAGES[language] * repeat
    answer, markers, references, numbers = "", [], [], {}
    sources: dict[int, dict[str, Any]] = {}
    for k, (sentence, src, quote, page) in enumerate(claims):
        if k and k % len(LANGUAGES[language]) == 0:
            answer += "\n\n"
        elif k:
            answer += " "
        n = numbers.setdefault(src, len(numbers) + 1)
        start = len(answer)
        answer += sentence
        marker = f"[^{n}]"
        markers.append((len(answer), len(answer) + len(marker), n))
        url, title = SOURCES[src]
        sources[src] = {"id": str(src + 1), "url": url, "title": title, "kind": "web", "chars": 5000}
        locator = (
            {
                "kind": "page",
                "first": page,
                "last": page,
                "first_label": str(page),
                "last_label": str(page),
                "text": f"p. {page}",
            }
            if page
            else None
        )
        references.append(
            {
                "n": n,
                "source_id": str(src + 1),
                "url": url,
                "title": title,
                "quote": quote,
                "quote_span": [100, 100 + len(quote)],
                "answer_span": [start, len(answer)],
                "score": 0.9,
                "support": 0.9,
                "supported": True,
                "locator": locator,
            }
        )
        answer += marker
    return ResearchResult.model_validate(
        {
            "question": question
            or {
                "en": "How does tidal power work?",
                "zh": "潮汐能如何发电？",
                "ar": "كيف تعمل الطاقة المدية؟",
                "he": "איך פועלת אנרגיית גאות ושפל?",
            }[language],
            "answer": answer,
            "language": language,
            "answer_mode": "llm",
            "references": references,
            "sources": list(sources.values()),
            "markers": markers,
        }
    )


def report(sections: int = 4, repeat: int = 1) -> dict[str, Any]:
    """An assembled report run (as ``reports.run.finish`` has it before saving) of
    ``sections`` questions cycling through the languages, one of them failed."""
    langs = list(LANGUAGES)
    out = []
    for i in range(sections):
        lang = langs[i % len(langs)]
        r = result(lang, question=f"Question {i + 1} ({lang})", repeat=repeat)
        out.append(
            {
                "question": r.question,
                "status": "done",
                "job_id": None,
                "error": None,
                "result": r.model_dump(mode="json"),
            }
        )
    out.append(
        {
            "question": "A question whose search failed",
            "status": "failed",
            "job_id": None,
            "error": "no search provider answered",
            "result": None,
        }
    )
    rep = {
        "name": "tides",
        "title": "Tidal power brief",
        "run": "r1",
        "slot": None,
        "status": "partial",
        "started_at": 0.0,
        "finished_at": 1.0,
        "summary": None,
        "sections": out,
        "references": [],
    }
    return assemble(rep)
