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
