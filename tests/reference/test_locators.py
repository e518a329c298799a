from __future__ import annotations

from deepref.reference import Source, build_references
from deepref.reference.locators import Locator, Mark, locate, locator_link

PAGES = (Mark(0, "page", 1), Mark(100, "page", 2, "xii"), Mark(200, "page", 3))


def test_a_quote_across_a_page_break_gets_both_pages():
    assert locate(PAGES, (10, 50)).text == "p. 1"
    both = locate(PAGES, (90, 120))
    assert (both.text, both.first, both.last) == ("pp. 1–xii", 1, 2)
    assert locate(PAGES, (150, 200)).text == "p. xii"  # the end is exclusive: 200 is page 3's first character
    assert locate((), (0, 5)) is None


def test_slides_sections_and_links():
    assert locate((Mark(0, "slide", 4),), (3, 9)).text == "slide 4"
    section = locate((Mark(0, "section", 0, "Methods › Sampling"),), (1, 2))
    assert section.text == "§ Methods › Sampling"
    assert locator_link("https://x.org/r.pdf?a=1", Locator("page", 17, 18)) == "https://x.org/r.pdf?a=1#page=17"
    assert locator_link("file:///d/r.pdf#old", Locator("page", 2, 2)) == "file:///d/r.pdf#page=2"
    assert locator_link("file:///d/r.docx", section) == "file:///d/r.docx"


def test_engine_puts_the_quote_page_on_the_reference():
    text = "Otters were counted on the northern bank.\n\nThe committee recommended a ban on motorboats above the weir."
    marks = (Mark(0, "page", 1), Mark(text.index("The committee"), "page", 2))
    result = build_references(
        "The committee recommended a ban on motorboats above the weir.[^1]",
        [Source("1", "file:///d/report.pdf", "Report", text, marks=marks)],
        markers="resolve",
    )
    assert result.references and result.references[0].locator.text == "p. 2"
    assert result.references[0].to_dict()["locator"]["text"] == "p. 2"
    assert "report.pdf#page=2" in result.render("markdown") and "(p. 2)" in result.render("text")


def _two_pages_result():
    """A footnote whose two quotes lie on pages 25 and 15 of one PDF."""
    first = "The committee recommended a ban on motorboats above the weir."
    second = "Volunteers planted three thousand willow saplings in the floodplain."
    text = f"{second}\n\nOtters were counted on the northern bank.\n\n{first}"
    marks = (Mark(0, "page", 15), Mark(text.index("Otters"), "page", 20), Mark(text.index(first), "page", 25))
    return build_references(
        f"{first}[^1] {second}[^1]",
        [Source("1", "file:///d/my%20report.pdf", "Report", text, marks=marks)],
        markers="resolve",
    )


def test_every_quote_links_its_own_page_in_every_output():
    import json

    from deepref.worker.jobs.models import ReferenceOut

    result = _two_pages_result()
    assert sorted(r.locator.first for r in result.references) == [15, 25]
    md = result.render("markdown")
    assert "([p. 25](file:///d/my%20report.pdf#page=25))" in md and "([p. 15](file:///d/my%20report.pdf#page=15))" in md
    text = result.render("text")
    assert (
        "(p. 25) <file:///d/my%20report.pdf#page=25>" in text and "(p. 15) <file:///d/my%20report.pdf#page=15>" in text
    )
    page = result.render("html")
    for n in (15, 25):
        link = f'<a class="locator" href="file:///d/my%20report.pdf#page={n}" rel="noopener noreferrer nofollow">'
        assert f"{link}p. {n}</a>" in page
    links = {c["link"] for c in json.loads(result.render("json"))["citations"]}
    assert links == {"file:///d/my%20report.pdf#page=15", "file:///d/my%20report.pdf#page=25"}
    assert {r.to_dict()["link"] for r in result.references} == links  # deepref cite's references
    outs = [
        ReferenceOut.of(r, source_text="", source_kind="document", work=None, language="en") for r in result.references
    ]
    assert {o.link for o in outs} == links  # the result JSON, hence the API and MCP
    old = outs[0].model_dump() | {"link": ""}  # a result stored before links: filled when read back
    assert ReferenceOut.model_validate(old).link == outs[0].link


def test_a_slide_or_section_names_its_place_without_a_page_link():
    text = "Tidal power converts the energy of tides."
    result = build_references(
        f"{text}[^1]",
        [Source("1", "file:///d/deck.pptx", "Deck", text, marks=(Mark(0, "slide", 4),))],
        markers="resolve",
    )
    assert '"Tidal power converts the energy of tides." (slide 4)' in result.render("markdown")
    assert result.references[0].to_dict()["link"] == "file:///d/deck.pptx"
