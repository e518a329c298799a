from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from deepref.worker.errors import ExtractError
from deepref.worker.web.extract import decode, extract
from deepref.worker.web.fetch import FetchedPage
from tests.fakes.site import PAGES, PDF_LINES, make_pdf

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "extract"


def page(body: bytes, content_type: str = "text/html", charset: str | None = None, url: str = "https://x.example/a"):
    return FetchedPage(url, url, 200, content_type, body, charset)


def test_article_main_text_without_boilerplate():
    doc = extract(page((PAGES / "article.html").read_bytes(), charset="utf-8"), doc_id="1")
    assert doc.title == "Tidal Power Explained"
    assert "The La Rance tidal power station in Brittany, France, opened in 1966" in doc.text
    assert "Tidal stream generators work like underwater wind turbines" in doc.text  # list items kept
    assert "Sihwa Lake" in doc.text and "254 MW" in doc.text  # table kept
    for boilerplate in ("Accept all cookies", "All rights reserved", "Privacy policy"):
        assert boilerplate not in doc.text


def test_chinese_page():
    doc = extract(page((PAGES / "chinese.html").read_bytes()), doc_id="2")
    assert "韩国始华湖潮汐发电站于二零一一年投入使用" in doc.text


def test_charset_from_meta_only():
    raw = (PAGES / "cp1252.html").read_bytes()
    assert b"caf\xe9" in raw
    doc = extract(page(raw), doc_id="3")
    assert "café in Saint-Malo" in doc.text and "“tidal heating”" in doc.text


def test_charset_guess_without_declaration():
    text = "Grüße aus Köln, wo die Straßen breit sind und das Wetter schön ist. " * 5
    assert decode(text.encode("latin-1"), None).startswith("Grüße aus Köln")


def test_pdf_recognised_by_bytes():
    doc = extract(
        page(make_pdf(PDF_LINES), content_type="application/octet-stream", url="https://x.example/doc"), doc_id="4"
    )
    assert doc.content_type == "application/pdf"
    assert "Swansea Bay" in doc.text


def test_malformed_and_empty_inputs():
    doc = extract(
        page(
            b"<html><body><p>Unclosed <b>bold <i>tags everywhere, yet the text of this paragraph "
            b"is long enough to count as the main content of a page."
        ),
        doc_id="5",
    )
    assert "Unclosed" in doc.text
    with pytest.raises(ExtractError) as info:
        extract(page(b"<html><body></body></html>"), doc_id="6")
    assert info.value.reason == "no-text"
    with pytest.raises(ExtractError) as info:
        extract(page(b"%PDF-1.4 garbage"), doc_id="7")
    assert info.value.reason == "malformed-pdf"


def test_plain_text_passes_through():
    doc = extract(page(b"Line one.\r\nLine two.", content_type="text/plain"), doc_id="8")
    assert doc.text == "Line one.\nLine two." and doc.title == "Line one."


@pytest.mark.data
def test_extraction_quality_on_the_benchmark_sample(shared_data):
    """Phrases of the gold text must appear in our extraction (a sample, for speed)."""
    root = shared_data / "article-extraction-benchmark"
    truth = json.loads((root / "ground-truth.json").read_text())
    found = total = 0
    for key in sorted(truth)[:15]:
        html = gzip.decompress((root / "html" / f"{key}.html.gz").read_bytes())
        try:
            doc = extract(page(html, url=truth[key]["url"]), doc_id=key)
        except ExtractError:
            continue
        gold = [s.strip() for s in truth[key]["articleBody"].split(". ") if 40 < len(s.strip()) < 200][:5]
        total += len(gold)
        found += sum(" ".join(s.split()) in " ".join(doc.text.split()) for s in gold)
    assert total and found / total > 0.7


# -- pages of the kinds where single-container extraction loses content (issue 15) -------
def fixture(name: str, url: str):
    """A frozen page as the fetcher hands it over: raw bytes, no charset."""
    return extract(page((FIXTURES / f"{name}.html").read_bytes(), url=url), doc_id=name)


def lines_of(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines()}


def test_forum_thread_keeps_every_post_and_its_author():
    doc = fixture("forum", "https://bees.example/t/winter-proof-a-beehive/4412")
    posts = (
        "What do you all use to keep condensation off the cluster?",
        "A quilt box changed everything for me",
        "Do not wrap the hive in plastic without an upper entrance",
        "I built a quilt box this weekend from scrap cedar",
    )
    for post in posts:
        assert post in doc.text
    assert {"oldcomb", "meadowlark"} <= lines_of(doc.text)  # who said it, on a line of its own
    for boilerplate in ("Log in to reply", "Latest topics", "Related topics", "Powered by"):
        assert boilerplate not in doc.text
    assert doc.title == "Best way to winter-proof a beehive?" and doc.date == "2025-10-02"


def test_listing_keeps_every_card_one_line_each():
    doc = fixture("listing", "https://harbourtown.example/events")
    titles = ("Lantern Walk on the Old Quay", "Oyster Supper at the Fish Market", "Harbour Photography Walk")
    assert set(titles) | {"Sea Shanty Night", "Saturday 15 November, 8 pm"} <= lines_of(doc.text)
    assert "Crews from three rowing clubs sing working songs" in doc.text
    for boilerplate in ("We use cookies", "Accept all cookies", "Where to stay", "Terms of use"):
        assert boilerplate not in doc.text


def test_service_page_keeps_every_section():
    doc = fixture("service", "https://ridgeline.example/roofing")
    headings = (
        "Leak detection and repair",
        "Full roof replacement",
        "Gutters and fascias",
        "Emergency storm call-outs",
    )
    assert set(headings) <= lines_of(doc.text)
    for paragraph in ("infrared cameras", "breathable membrane", "aluminium or cast iron", "within 24 hours"):
        assert paragraph in doc.text
    assert "Get a free quote" not in doc.text and "Cookie settings" not in doc.text


def test_service_page_keeps_the_list_inside_a_section():
    # both readers prune this list; the repeated sections put it back, in place
    doc = fixture("service", "https://ridgeline.example/roofing")
    lines = doc.text.splitlines()
    items = [
        "Natural slate from Welsh and Spanish quarries",
        "Handmade clay tiles for listed buildings",
        "Concrete interlocking tiles for modern homes",
    ]
    start = next(i for i, ln in enumerate(lines) if ln.startswith("When a roof is past repair"))
    assert lines[start + 1 : start + 4] == items
    assert lines[start + 4] == "Gutters and fascias"


def test_product_facts_from_json_ld():
    doc = fixture("product", "https://summit.example/packs/trailhead-40")
    assert "suspended mesh back" in doc.text  # the visible description
    for fact in ("Brand: Summit Gear", "SKU: TH40-OLV", "Price: 129.00 GBP", "Rating: 4.7 (212 reviews)"):
        assert fact in lines_of(doc.text)
    assert "integrated rain cover" in doc.text  # JSON-LD description, absent from the visible text
    assert "Add to basket" not in doc.text and "Tents" not in doc.text


def test_article_without_navigation_or_cookie_banner_one_paragraph_a_line():
    doc = fixture("article", "https://river.example/2025/03/thames-barrier")
    paragraphs = [
        "The Thames Barrier, completed in 1982, spans 520 metres of the river at Woolwich and protects 125 square "
        "kilometres of central London from tidal surges.",
        "The Environment Agency's Thames Estuary 2100 plan sets out when decisions must be made about raising the "
        "river walls, building a new barrier further downstream, or both.",
    ]
    assert set(paragraphs) <= lines_of(doc.text)
    for boilerplate in ("uses cookies", "I agree", "Subscribe for", "Most read", "All rights reserved"):
        assert boilerplate not in doc.text
    assert (doc.title, doc.author, doc.date) == (
        "How the Thames Barrier Holds Back the Sea",
        "Ruth Calloway",
        "2025-03-14",
    )


@pytest.mark.parametrize("name", ["forum", "listing", "service", "product", "article"])
def test_never_empty_where_trafilatura_finds_text(name):
    import trafilatura

    body = (FIXTURES / f"{name}.html").read_bytes()
    plain = trafilatura.extract(body) or ""
    doc = extract(page(body, url=f"https://x.example/{name}"), doc_id=name)
    assert plain.strip() and doc.text.strip()
    # nothing plain trafilatura keeps is lost, line by line (a thread's title is the
    # document's title: its posts are its text)
    assert {ln for ln in lines_of(plain) if len(ln) > 30} - {doc.title} <= lines_of(doc.text)


def test_thin_page_falls_back_to_the_page_text():
    """A page too short for trafilatura's main-text pass still yields its text."""
    doc = extract(
        page(b"<html><body><div><span>Opening hours: 9 to 5, Monday to Friday.</span></div></body></html>"), doc_id="t"
    )
    assert doc.text == "Opening hours: 9 to 5, Monday to Friday."


@pytest.mark.data
def test_no_wcxb_page_lost_where_trafilatura_finds_text(shared_data):
    """On a sample of WCXB dev pages of every kind: never empty where plain trafilatura is not."""
    import trafilatura

    from benchmarks.bench_extract import load_wcxb, tokens

    root = shared_data / "wcxb" / "dev"
    if not root.exists():
        pytest.skip("WCXB dev split not found")
    by_kind: dict[str, list] = {}
    for p in load_wcxb(root):
        by_kind.setdefault(p.kind, []).append(p)
    for kind, pages in sorted(by_kind.items()):
        for p in pages[:3]:
            body = gzip.decompress(p.path.read_bytes())
            if not tokens(trafilatura.extract(body) or ""):
                continue
            doc = extract(page(body, url=p.url), doc_id=p.id)
            assert tokens(doc.text), f"{kind} page {p.id} came back empty"


def test_author_and_site_name_come_with_the_text_for_bibliographies():
    html = (
        b"<html><head><title>Tidal lagoons</title><meta property='og:site_name' content='Energy Weekly'>"
        b"<meta name='author' content='Ada Lovelace'></head><body><article><h1>Tidal lagoons</h1>"
        b"<p>A tidal lagoon is a ring wall built out from the shore that holds water at high tide and lets it "
        b"out through turbines as the tide falls, making electricity twice a day.</p></article></body></html>"
    )
    page = FetchedPage("https://e.example/a", "https://e.example/a", 200, "text/html", html, None)
    doc = extract(page, doc_id="1")
    assert (doc.author, doc.site) == ("Ada Lovelace", "Energy Weekly")
    assert "ring wall built out from the shore" in doc.text


# -- readers' comments, furniture lines, thin and rich product pages ---------------------
_HARBOUR = (
    b"<html><head><title>Harbour wall rebuilt</title></head><body><article><h1>Harbour wall rebuilt</h1>"
    b"<p>The harbour wall at Porthleven was rebuilt in stone after the storms of 2014, and the new section is "
    b"designed to take the full force of winter swells without the cracks that opened in the old concrete.</p>"
    b"<p>Engineers chose granite blocks from a quarry near Penryn because they match the colour of the original "
    b"Victorian wall and weather in the same way.</p>"
    b"<p>The work took eighteen months and closed the harbour entrance to larger boats for two winters, which the "
    b"fishing fleet accepted in return for a safer berth.</p></article>"
    b"<div id='comments' class='comments'><h3>3 comments</h3><ul class='comment-list'>"
    b"<li class='comment'><p>I walked along it last week and the new stonework already looks as if it has always "
    b"been there.</p></li>"
    b"<li class='comment'><p>Shame they did not widen the path while they were at it, it gets crowded in "
    b"August.</p></li></ul></div></body></html>"
)
_REPLIES = ("new stonework already looks as if", "did not widen the path")


def test_readers_comments_left_out_of_an_article():
    doc = extract(page(_HARBOUR, url="https://news.example/2025/harbour-wall"), doc_id="c1")
    assert "granite blocks from a quarry near Penryn" in doc.text and "safer berth" in doc.text
    for reply in _REPLIES:
        assert reply not in doc.text


def test_the_same_replies_are_the_content_of_a_forum_thread():
    doc = extract(page(_HARBOUR, url="https://boards.example/t/harbour-wall/77"), doc_id="c2")
    assert "granite blocks from a quarry near Penryn" in doc.text
    for reply in _REPLIES:
        assert reply in doc.text


def test_furniture_lines_inside_the_article_go_sentences_about_cookies_stay():
    html = (
        b"<html><body><article><h1>How cookies work</h1><p>Share</p><p>5 min read</p>"
        b"<p>A browser keeps a cookie for each site and sends it back with every request, which is how a shop "
        b"remembers the basket between pages and how a login survives a reload.</p>"
        b"<p>Third-party cookies are set by a domain other than the page's own, usually an advertiser's, and "
        b"browsers now block most of them by default.</p>"
        b"<p>We use cookies to improve your experience. Accept all cookies</p>"
        b"<p>Next article: How caches work</p></article></body></html>"
    )
    doc = extract(page(html, url="https://web.example/cookies"), doc_id="f1")
    assert "how a login survives a reload" in doc.text and "browsers now block most of them" in doc.text
    for furniture in ("Share", "5 min read", "We use cookies", "Next article"):
        assert furniture not in lines_of(doc.text) and furniture not in doc.text


def test_furniture_filter_never_empties_a_page():
    from deepref.worker.web.extraction.boilerplate import drop_furniture

    assert drop_furniture("Home\nAbout us\nA harbour wall of granite.\nShare") == "A harbour wall of granite."
    doc = extract(page(b"<html><body><div><p>Contact us</p></div></body></html>"), doc_id="f2")
    assert doc.text == "Contact us"


def test_json_ld_facts_not_repeated_when_the_visible_text_is_rich():
    body = " ".join(
        f"<p>{s}</p>"
        for s in (
            "The Trailhead 40 is a forty-litre pack for long day hikes and light overnight trips in the hills.",
            "Its suspended mesh back keeps air moving between the pack and your shoulders on a warm climb.",
            "The hip belt carries most of the load and has two zipped pockets for a phone and a snack.",
            "A side zip opens the main compartment, so a jacket at the bottom comes out without unpacking.",
            "Compression straps on both sides pull a half-empty pack tight so that it does not sway.",
        )
    )
    ld = (
        '{"@context":"https://schema.org","@type":"Product","name":"Trailhead 40",'
        '"description":"A forty litre pack with an integrated rain cover.","brand":{"@type":"Brand","name":"Summit"},'
        '"sku":"TH40","offers":{"@type":"Offer","price":"129.00","priceCurrency":"GBP"}}'
    )
    html = (
        f"<html><head><title>Trailhead 40</title><script type='application/ld+json'>{ld}</script></head>"
        f"<body><main><h1>Trailhead 40</h1>{body}</main></body></html>"
    ).encode()
    doc = extract(page(html, url="https://summit.example/packs/trailhead-40"), doc_id="p2")
    assert "suspended mesh back" in doc.text and "side zip opens the main compartment" in doc.text
    assert "integrated rain cover" not in doc.text and "SKU: TH40" not in doc.text


# -- repeated blocks: a forum's posts, a listing's cards ------------------------------------
_POSTS = (
    (
        "quillon",
        "3 Mar 2025",
        "My sourdough starter smells of nail varnish after a week in the fridge. Is it dead, "
        "or can it be brought back with a few feeds at room temperature?",
    ),
    (
        "breadhead",
        "3 Mar 2025",
        "That smell is acetone from a hungry starter, not a dead one. Discard all but a "
        "spoonful and feed it twice a day for three days; it will come back.",
    ),
    (
        "ryeandshine",
        "4 Mar 2025",
        "Seconding the discard and feed. I also switch to wholemeal rye for the first two "
        "feeds, it wakes the yeast up faster than white flour does.",
    ),
    (
        "quillon",
        "6 Mar 2025",
        "Three days of rye feeds and it doubled again this morning. The bread I baked with "
        "it had a proper open crumb, thank you both.",
    ),
)


def _forum_thread() -> bytes:
    posts = "".join(
        f"<article class='message post' id='post-{n}'><div class='message-user'><h4 class='username'>{who}</h4>"
        f"<dl class='user-stats'><dt>Messages</dt><dd>{120 * n + 7}</dd><dt>Joined</dt><dd>Jan 2019</dd></dl></div>"
        f"<div class='message-main'><time>{when}</time><div class='message-body'><p>{text}</p></div>"
        f"<div class='signature'>Baking since the lockdown, one loaf at a time</div>"
        f"<div class='message-actions'><a href='#'>Reply</a> <a href='#'>Quote</a> <a href='#'>Report</a>"
        f" <a href='#'>Like</a></div></div></article>"
        for n, (who, when, text) in enumerate(_POSTS, 1)
    )
    return (
        "<html><head><title>Starter smells of nail varnish</title></head><body>"
        "<header><nav><a href='/'>Forums</a> <a href='/new'>What's new</a> <a href='/m'>Members</a></nav></header>"
        f"<main><h1>Starter smells of nail varnish</h1><div class='thread'>{posts}</div></main>"
        "<aside><h3>Similar threads</h3><ul><li><a href='/t/1'>Rye starter too runny</a></li>"
        "<li><a href='/t/2'>Best flour for a starter</a></li></ul></aside>"
        "<footer>Community platform by ForumSoft. Terms and rules. Privacy policy.</footer></body></html>"
    ).encode()


def test_forum_thread_of_several_posts_keeps_every_post_without_its_buttons():
    doc = extract(page(_forum_thread(), url="https://bakers.example/t/starter-smells/9021"), doc_id="ft")
    for who, _, text in _POSTS:
        assert text in lines_of(doc.text)  # every post, one paragraph a line
        assert who in doc.text
    for chrome in ("Reply", "Quote", "Report", "Baking since the lockdown", "Messages", "Similar threads"):
        assert chrome not in doc.text


_CARDS = (
    (
        "Repairing a dry-stone wall",
        "Sat 12 April",
        "A day on the fell with the national park's wallers: how to "
        "read a collapsed section, sort the stone and rebuild it with through-stones.",
    ),
    (
        "Hedge laying for beginners",
        "Sun 27 April",
        "Cut and lay a length of hawthorn hedge in the Midland style, with stakes and binders cut from the same hedge.",
    ),
    (
        "Scything a hay meadow",
        "Sat 14 June",
        "Learn to set up and sharpen an Austrian scythe, then mow a "
        "wildflower meadow the way it was cut before tractors.",
    ),
    (
        "Building a bat box",
        "Wed 2 July",
        "An evening workshop: each pair builds a rough-sawn bat box from untreated larch and learns where to hang it.",
    ),
    (
        "Pond dipping and newt survey",
        "Sat 19 July",
        "Net, sort and count what lives in the farm pond, and record the great crested newts for the county survey.",
    ),
)


def _listing() -> bytes:
    cards = "".join(
        f"<div class='card event-card'><a href='/events/{n}'><img src='/i/{n}.jpg' alt=''></a>"
        f"<h3 class='card-title'><a href='/events/{n}'>{title}</a></h3><span class='date'>{when}</span>"
        f"<p class='card-text'>{blurb}</p><a class='btn' href='/events/{n}'>Book now</a>"
        f"<div class='share'><a href='#'>Share</a> <a href='#'>Tweet</a></div></div>"
        for n, (title, when, blurb) in enumerate(_CARDS, 1)
    )
    intro = "<h1>Courses and events</h1><p>Hands-on days in the countryside, led by our rangers.</p>"
    return _fellside("Courses and events", f"{intro}<div class='card-grid'>{cards}</div>")


def _fellside(title: str, main: str) -> bytes:
    """A page of the trust's site: its menu, ``main``, its footer."""
    return (
        f"<html><head><title>{title} | Fellside Trust</title></head><body>"
        "<nav><a href='/'>Home</a> <a href='/visit'>Visit</a> <a href='/donate'>Donate</a></nav>"
        f"<main>{main}</main><footer><p>Fellside Trust, registered charity 1234567.</p></footer></body></html>"
    ).encode()


def test_listing_of_cards_keeps_every_card_title_date_and_blurb_on_lines_of_their_own():
    doc = extract(page(_listing(), url="https://fellside.example/events"), doc_id="lc")
    lines = lines_of(doc.text)
    for title, when, blurb in _CARDS:
        assert {title, blurb} <= lines
        assert when in doc.text
    for chrome in ("Book now", "Tweet", "Donate"):
        assert chrome not in doc.text


def test_repeated_blocks_read_in_order_without_chrome():
    from lxml.html import fromstring

    from deepref.worker.web.extraction.repeated import repeated_text

    found = repeated_text(fromstring(_listing()))
    assert found is not None and found.members == len(_CARDS)
    assert [ln for ln in found.text.splitlines() if ln in {t for t, _, _ in _CARDS}] == [t for t, _, _ in _CARDS]
    assert "Book now" not in found.text and "Share" not in found.text


def test_a_menu_is_not_taken_for_repeated_cards():
    from lxml.html import fromstring

    from deepref.worker.web.extraction.repeated import repeated_text

    menu = "".join(f"<li><a href='/c/{n}'>Category number {n} of the shop</a></li>" for n in range(12))
    html = f"<html><body><ul class='menu-list'>{menu}</ul><article><p>{'Short prose. ' * 5}</p></article></body></html>"
    assert repeated_text(fromstring(html)) is None


def _linked_cards_listing() -> bytes:
    """A course catalogue: an intro in its own section, then cards that are each one
    link around a title and a blurb (every card word is link text)."""
    cards = "".join(
        f"<div class='views-row'><a class='card-link' href='/courses/{n}'>"
        f"<div class='card-title'>{title}</div><div class='card-body'>{blurb}</div></a></div>"
        for n, (title, _, blurb) in enumerate(_CARDS, 1)
    )
    intro = (
        "<section class='intro'><h1>Courses</h1><p>Hands-on days in the countryside, led by our rangers "
        "and volunteers, for beginners and for those who want to go further with a craft.</p></section>"
    )
    return _fellside("Courses", f"{intro}<section class='catalogue'><div class='view-content'>{cards}</div></section>")


def test_listing_whose_cards_are_links_keeps_the_intro_and_every_card():
    # readers keep the intro and drop cards whose every word is in a link, as they drop menus
    doc = extract(page(_linked_cards_listing(), url="https://fellside.example/courses"), doc_id="lk")
    lines = lines_of(doc.text)
    assert "Hands-on days in the countryside" in doc.text
    for title, _, blurb in _CARDS:
        assert {title, blurb} <= lines
    assert "Donate" not in doc.text and "registered charity" not in doc.text


_STORY = "Members of the trust spent the weekend {} along the valley, with volunteers from three villages."
_NEWS = (
    "<p>The footbridge over the beck at Low Side reopened on Saturday after a winter of repairs, the trust said.</p>"
    "<p>Walkers can again follow the riverside path from the village to the waterfall without the road detour.</p>"
)


def _short_page_beside(block: str, *, og_type: str = "") -> bytes:
    meta = f"<meta property='og:type' content='{og_type}'>" if og_type else ""
    return (
        f"<html><head><title>Footbridge reopens</title>{meta}</head><body>"
        f"<main><article><h1>Footbridge reopens</h1>{_NEWS}</article></main>{block}</body></html>"
    ).encode()


def test_related_stories_beside_a_short_article_stay_out():
    # linked cards, as a listing's, but the page is an article: they are other stories
    stories = "".join(
        f"<div class='story'><a href='/news/{n}'><div class='headline'>Story {n}</div>"
        f"<div class='teaser'>{_STORY.format(verb)}</div></a></div>"
        for n, verb in enumerate(("planting hedges", "clearing drains", "mending walls", "counting bats", "fixing"))
    )
    body = _short_page_beside(f"<aside class='more-stories'>{stories}</aside>", og_type="article")
    doc = extract(page(body, url="https://fellside.example/news/footbridge"), doc_id="rs")
    assert "reopened on Saturday" in doc.text
    assert "volunteers from three villages" not in doc.text


def test_an_archive_of_many_links_a_member_is_not_taken_for_cards():
    months = "".join(f"<li><a href='/{{y}}/{m}'>Month {m} ({m * 3})</a></li>" for m in range(1, 13))
    years = "".join(f"<li><a href='/{y}'>{y}</a><ul>{months.format(y=y)}</ul></li>" for y in range(2015, 2021))
    doc = extract(page(_short_page_beside(f"<div class='well'><ul>{years}</ul></div>")), doc_id="ar")
    assert "reopened on Saturday" in doc.text
    assert "Month 7" not in doc.text


def test_page_kind_tells_articles_apart():
    from lxml.html import fromstring

    from deepref.worker.web.extraction.kinds import page_kind

    def kind(head: str, types: set[str] = frozenset(), url: str = "https://x.example/a") -> str:
        return page_kind(fromstring(f"<html><head>{head}</head><body><p>x</p></body></html>"), url, set(types))

    assert kind("<meta property='og:type' content='article'>") == "article"
    assert kind("", {"NewsArticle"}) == "article"
    assert kind("<meta property='og:type' content='product'>") == "product"
    assert kind("", {"DiscussionForumPosting", "Article"}) == "forum"
    assert kind("<meta property='og:type' content='website'>") == "page"


# -- forum engines: a thread read as its posts -------------------------------------------
def _xenforo_thread() -> bytes:
    def post(n: int, who: str, when: str, body: str) -> str:
        return (
            f"<article class='message message--post' data-author='{who}' id='js-post-{n}'>"
            f"<div class='message-inner'><div class='message-cell message-cell--user'>"
            f"<h4 class='message-name'><a class='username' href='/members/{n}'>{who}</a></h4>"
            f"<h5 class='userTitle message-userTitle'>Well-known member</h5>"
            f"<dl class='pairs message-userExtras'><dt>Joined</dt><dd>Mar 4, 2019</dd><dt>Messages</dt>"
            f"<dd>{n * 311}</dd><dt>Location</dt><dd>Somerset</dd></dl></div>"
            f"<div class='message-cell message-cell--main'><ul class='message-attribution'>"
            f"<li><time class='u-dt'>{when}</time></li><li>#{n}</li></ul>"
            f"<div class='message-content'><article class='message-body'><div class='bbWrapper'>{body}</div>"
            f"</article><aside class='message-signature'><div class='bbWrapper'>Two hives in a back garden "
            f"near Frome, and a great deal of advice from better beekeepers than me</div></aside></div>"
            f"<footer class='message-footer'><a class='actionBar-action'>Report</a>"
            f"<a class='actionBar-action'>Like</a><a class='actionBar-action'>Reply</a></footer>"
            f"</div></div></article>"
        )

    first = "Should I feed fondant or syrup once the colony is clustered for winter? The hive felt light in November."
    posts = (
        post(1, "hazelwood", "Nov 20, 2025", f"<p>{first}</p>"),
        post(
            2,
            "combcutter",
            "Nov 21, 2025",
            f"<blockquote class='bbCodeBlock bbCodeBlock--quote'><div class='bbCodeBlock-title'>hazelwood said:"
            f"</div><div class='bbCodeBlock-content'>{first}</div></blockquote>"
            "<p>Fondant, always, once it is cold. Syrup makes them break cluster and the hive goes damp.</p>",
        ),
        post(
            3,
            "oldskep",
            "Nov 22, 2025",
            "<p>The association's winter leaflet puts it well:</p><blockquote>Heft the hive from behind each "
            "month; a hive you can barely lift needs nothing.</blockquote><p>Fondant over the feed hole did "
            "it for mine.</p>",
        ),
    )
    return (
        "<html><head><title>Fondant or syrup in winter? | Beekeeping Forum</title>"
        "<meta property='og:type' content='website'></head><body>"
        "<nav class='p-nav'><a href='/'>Forums</a> <a href='/whats-new/'>What's new</a></nav>"
        "<div class='p-body'><h1 class='p-title-value'>Fondant or syrup in winter?</h1>"
        f"<div class='block-body'>{''.join(posts)}</div>"
        "<div class='shareButtons'><a>Share</a> <a>Facebook</a></div>"
        "<div class='block'><h3>Similar threads</h3><ul><li><a href='/threads/1'>Wet hive in January</a></li>"
        "</ul></div></div><footer class='p-footer'>Community platform by XenForo</footer></body></html>"
    ).encode()


def test_xenforo_thread_is_read_as_its_posts_without_signatures_stats_or_repeated_quotes():
    doc = extract(page(_xenforo_thread(), url="https://bees.example/threads/fondant-or-syrup.4411/"), doc_id="xf")
    lines = lines_of(doc.text)
    first = "Should I feed fondant or syrup once the colony is clustered for winter? The hive felt light in November."
    assert doc.text.count(first) == 1  # the quote of post 1 inside post 2 goes, post 1 stays
    assert "Fondant, always, once it is cold. Syrup makes them break cluster and the hive goes damp." in lines
    # a quote of a text that is no post of the thread stays
    assert "Heft the hive from behind each month; a hive you can barely lift needs nothing." in lines
    assert {"hazelwood", "combcutter", "oldskep", "Nov 21, 2025"} <= lines  # who and when, a line each
    for chrome in ("Two hives in a back garden", "Well-known member", "Somerset", "Report", "Like", "Reply",
                   "Similar threads", "Facebook", "XenForo"):  # fmt: skip
        assert chrome not in doc.text


def test_stack_exchange_question_and_answers_without_their_comments():
    def post(kind: str, body: str, comment: str) -> str:
        return (
            f"<div class='{kind}'><div class='votecell'><div class='js-vote-count'>12</div></div>"
            f"<div class='postcell'><div class='s-prose js-post-body' itemprop='text'><p>{body}</p></div>"
            f"<div class='user-info'><div class='user-details'><a href='/u/1'>someone</a></div></div></div>"
            f"<div class='comments'><ul class='comments-list'><li class='comment'><span class='comment-copy'>"
            f"{comment}</span> <a class='comment-user'>critic</a></li></ul></div></div>"
        )

    html = (
        "<html><head><title>Why does my sourdough collapse in the oven?</title></head><body>"
        "<header class='s-topbar'><a>Products</a> <a>Log in</a></header><div id='content'>"
        "<h1>Why does my sourdough collapse in the oven?</h1>"
        + post("question", "The loaf rises well overnight in the fridge, then flattens as soon as it is scored.",
               "What hydration is the dough?")
        + "<h2>2 Answers</h2>"
        + post("answer", "It is over-proofed: a cold retard of twelve hours is too long for a warm kitchen's starter.",
               "This fixed it for me too.")
        + post("answer", "Score with a shallower angle and bake in a preheated Dutch oven with the lid on.",
               "Thanks, will try.")
        + "</div><div class='sidebar'><h4>Hot Network Questions</h4></div></body></html>"
    )  # fmt: skip
    doc = extract(page(html.encode(), url="https://cooking.example/questions/1201/why-collapse"), doc_id="se")
    for body in ("flattens as soon as it is scored", "twelve hours is too long", "preheated Dutch oven"):
        assert body in doc.text
    for comment in ("What hydration is the dough?", "This fixed it for me too.", "Hot Network Questions"):
        assert comment not in doc.text


def test_a_shop_grids_controls_are_furniture_but_a_sentence_about_sorting_is_not():
    from deepref.worker.web.extraction.boilerplate import drop_furniture

    text = "Sort by\nFilters\nQuick Shop 5 colors\nLoading...\nSort the stones by size before you start the wall."
    assert drop_furniture(text) == "Sort the stones by size before you start the wall."
