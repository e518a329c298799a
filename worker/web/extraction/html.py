"""Main text, title, author and date of an HTML page.

Measured on WCXB dev (docs/benchmarks.md, "Extraction"): trafilatura with its
defaults beats it with ``favor_precision`` (which turns off its fallbacks and prunes
link lists and repeated cards) and with ``favor_recall`` on every kind of page, but
still picks a too-small container on many forums, listings and service pages, where
resiliparse's main-content reader keeps the posts, the cards and every section. So:

1. the page is parsed once (lxml); trafilatura reads text *and* metadata from that
   one tree in one call. Its comments are kept on forum threads only (a forum's
   replies are its posts; elsewhere they are readers' replies or a shop's reviews).
   htmldate's extensive date search is off: on 150 WCXB pages it found the same
   correct dates (68) without it, half as many dates on pages that have none, and it
   was a quarter of the cost of the page;
2. resiliparse reads the same page (a fast C++ parser, ~1/5 of trafilatura's cost);
3. resiliparse's text wins when it is more than ``_LONGER`` times trafilatura's in
   words, except on product pages, where the extra words are mostly other products;
4. short lines that resiliparse keeps between two lines of the kept text (headings,
   card titles, dates: trafilatura drops many of them) go back in place, except on
   product pages, where they are mostly other products' names;
5. repeated blocks (:mod:`worker.web.extraction.repeated`: a forum's posts, a listing's
   cards, a service page's sections, as same-shaped siblings) that hold most of the
   kept text are this text's part of the page: the chrome inside them (reply buttons,
   signatures, posters' statistics) goes from the kept text, and their lines it lacks
   are added when they have ``_GROWS`` times its words (every post where the reader
   kept a few, every card where it kept one). When the kept text is short and the
   blocks do not hold it (a listing's intro, whose cards the readers dropped), they
   are added after it, except on articles, where they are related stories;
   On a forum thread whose engine's markup is known (XenForo, Discourse, phpBB,
   vBulletin, Invision, Reddit, Stack Exchange, schema.org posts:
   :mod:`worker.web.extraction.forums`), the text is the posts instead: each one's
   author, date and body, without signatures, posters' statistics, buttons, comments
   and quotes of other posts of the page;
6. lines that are the site's furniture (``Home``, ``Share``, ``5 min read``, a
   cookie notice) go (:mod:`worker.web.extraction.boilerplate`);
7. a product's JSON-LD facts (price, brand, SKU) are added when its visible text is
   thin (under ``_THIN`` words);
8. never empty where any reader found text: the last resort is the page's whole text.

Text keeps one paragraph or list item per line.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlsplit

from deepref.search.documents.dependencies import needed
from deepref.worker.web.extraction.boilerplate import drop_furniture
from deepref.worker.web.extraction.forums import Posts, forum_posts
from deepref.worker.web.extraction.kinds import page_kind
from deepref.worker.web.extraction.repeated import Repeated, line_key, repeated_text
from deepref.worker.web.extraction.structured import jsonld_nodes, product_facts, types_of

# tuned on the tuning part of WCXB dev (1.3..2.0 score within 0.004 of each other)
_LONGER = 1.3
_SHORT = 10  # words: a line this short is a heading, a card title or a date, not prose
_ANCHOR = 4  # words: a line this long found in both texts places the lines around it
# words: below this a product page's visible text is thin and its JSON-LD facts are
# added; above it they only repeat the visible text in other words (WCXB products
# lost 0.014 F1 on the tuning part when the facts were always added)
_THIN = 50
# the repeated blocks' text is added to the kept text when it has at least _GROWS times
# as many words, holds at least _COVERS of the kept text's words (it is the same part of
# the page, with more of it) and at most _LINKY of its words are links (else a menu or a
# grid of other pages); tuned on the tuning part of WCXB dev (1.1..1.2, 0.5..0.6 and
# 0.4..0.5 within 0.001 overall of each other)
_GROWS = 1.2
# fewest same-shaped siblings that make a forum's posts, a page's cards: two or three
# siblings are as often a page's halves or an article's sections (tuning part: groups
# of 2 and 3 cost collections 0.006 and articles 0.001, and forums 0.001)
_POSTS = 3
_CARDS = 4
_LIST = 2  # short lines in a row: a list's items, where one alone is a card's title or button
_COVERS = 0.5
_LINKY = 0.5
# a kept text under _INTRO words that the cards do not cover is a listing's intro: the
# cards are added when they have _CARDS_GROW times its words (tuning part of WCXB dev:
# limits of 100, 200, 400 words or none within 0.001 of each other, the smallest kept
# that is as good; 2 times loses listings 0.009)
_INTRO = 200
_CARDS_GROW = 1.5
_WORD = re.compile(r"\w+")
_BLANKS = re.compile(r"\n\s*\n+")


class HtmlParseError(ValueError):
    """Neither reader could parse the markup."""


@dataclass(frozen=True, slots=True)
class HtmlText:
    title: str
    author: str | None
    date: str | None
    text: str
    method: str  # trafilatura, resiliparse, page or posts:<engine>; +repeated or +cards when blocks were added
    kind: str  # page_kind(): product, forum, article, page
    site: str | None = None  # the site's own name (og:site_name ...), for bibliographies


def extract_html(html: str, url: str) -> HtmlText:
    with needed("trafilatura", "reading web pages"):
        import trafilatura
        from trafilatura.settings import Document, set_date_params
        from trafilatura.utils import load_html

    errors: list[str] = []
    tree = None
    try:
        tree = load_html(html)
    except Exception as exc:  # lxml raises many types on broken markup
        errors.append(f"{type(exc).__name__}: {exc}")
    title, author, date, site, ours = "", None, None, None, ""
    kind, facts = "page", []
    repeated: Repeated | None = None
    posts: Posts | None = None
    if tree is not None:
        nodes = jsonld_nodes(tree)
        kind = page_kind(tree, url, types_of(nodes))
        facts = product_facts(nodes) if kind == "product" else []
        repeated, posts = _blocks(tree, kind)
        try:
            doc = trafilatura.bare_extraction(
                tree,
                url=url,
                with_metadata=True,
                include_tables=True,
                include_comments=True,
                date_extraction_params=set_date_params(extensive=False),
            )
        except Exception as exc:  # trafilatura raises many types on odd trees
            doc = None
            errors.append(f"{type(exc).__name__}: {exc}")
        if isinstance(doc, Document):  # with as_dict=False it is a Document or None
            title, author, date, site = doc.title or "", doc.author, doc.date, doc.sitename
            # comments are a forum's posts; elsewhere they are readers' replies or a
            # shop's reviews, which WCXB's main text leaves out (tuning part: articles
            # +0.002, products +0.008 without them)
            ours = "\n".join(t for t in (doc.text, doc.comments if kind == "forum" else "") if t)
        else:
            title, author, date, site = _metadata(tree, url)
    theirs, page_title = _resiliparse(html, main_content=True)
    method = "trafilatura"
    if _words(theirs) > _LONGER * _words(ours) and (kind != "product" or not _words(ours)):
        ours, method = theirs, "resiliparse"
    elif kind != "product" and _words(ours):
        ours = _restore_short_lines(ours, theirs)
    if repeated is not None:
        ours, method = _with_repeated(ours, method, repeated, kind)
    if posts is not None:  # the thread's posts, read from its engine's markup, are the text
        ours, method = posts.text, f"posts:{posts.engine}"
    if not _words(ours):
        ours, method = _resiliparse(html, main_content=False)[0], "page"
    if not _words(ours) and errors:
        raise HtmlParseError("; ".join(errors))
    cleaned = drop_furniture(ours)
    ours = cleaned if _words(cleaned) else ours
    if facts and _words(ours) < _THIN:
        seen = " ".join(_WORD.findall(ours.lower()))
        missing = [f for f in facts if " ".join(_WORD.findall(f.lower())) not in seen]
        ours = "\n".join([ours, *missing])
    return HtmlText(title or page_title, author, date, _tidy(ours), method, kind, _named_site(site, url))


def _blocks(tree, kind: str) -> tuple[Repeated | None, Posts | None]:
    """A page's repeated blocks and a thread's posts, read before trafilatura (which may
    prune the tree it is given). Not on product pages, where repeated blocks are other
    products and reviews; posts only on forum threads (on every page, the schema.org and
    engine markup also finds blog comments: tuning part, articles -0.009)."""
    posts = forum_posts(tree) if kind == "forum" else None
    if kind == "product" or posts is not None:
        return None, posts
    return repeated_text(tree, min_members=_POSTS if kind == "forum" else _CARDS), None


def _named_site(site: str | None, url: str) -> str | None:
    """The site's name when the page gives one; trafilatura falls back to the URL's
    host (``127.0.0.1:8080``, ``energy.example``), which names no one."""
    netloc = urlsplit(url).netloc.lower()
    if not site or site.lower().removeprefix("www.") in (netloc, netloc.removeprefix("www.")):
        return None
    return site


def _metadata(tree, url: str) -> tuple[str, str | None, str | None, str | None]:
    """Metadata alone, when trafilatura found no main text in the tree."""
    from trafilatura.metadata import extract_metadata
    from trafilatura.settings import set_date_params

    try:
        meta = extract_metadata(tree, url, set_date_params(extensive=False))
    except Exception:  # metadata is a nicety: never lose the text over it
        return "", None, None, None
    return meta.title or "", meta.author, meta.date, meta.sitename


def _resiliparse(html: str, *, main_content: bool) -> tuple[str, str]:
    with needed("resiliparse", "reading web pages"):
        from resiliparse.extract.html2text import extract_plain_text
        from resiliparse.parse.html import HTMLTree

    tree = HTMLTree.parse(html)
    text = extract_plain_text(
        tree,
        main_content=main_content,
        list_bullets=False,
        alt_texts=False,
        links=False,
        form_fields=False,
        noscript=False,
    )
    return text, (tree.title or "").strip()


def _with_repeated(ours: str, method: str, repeated: Repeated, kind: str) -> tuple[str, str]:
    """When the repeated blocks are this text's part of the page, their chrome (reply
    buttons, signatures, posters' statistics) goes from it, and their text is added
    when there is more of it (a forum's every post, a listing's every card). When the
    kept text is short and elsewhere (a listing's intro), cards with more text than it
    are added after it: the readers keep the intro and drop the cards. Not on an
    article, where blocks beside a short text are related stories."""
    if not _covers(repeated, ours):
        if kind == "page" and _is_intro(ours, repeated):
            return _merge(ours, repeated.text), f"{method}+cards"
        return ours, method
    unchromed = "\n".join(ln for ln in ours.splitlines() if line_key(ln) not in repeated.chrome)
    ours = unchromed if _words(unchromed) else ours
    if repeated.words >= _GROWS * _words(ours):
        return _merge(ours, repeated.text), f"{method}+repeated"
    # no more text than kept, but the readers prune a short list inside a card or a
    # section: its items go back in place, between the lines around them
    return _restore_short_lines(ours, repeated.text, run=_LIST), method


def _covers(repeated: Repeated, kept: str) -> bool:
    """Whether the repeated blocks hold most of the kept text (and are not a menu)."""
    if _linky(repeated) or not _words(kept):
        return False
    ours, theirs = Counter(_WORD.findall(kept.lower())), Counter(_WORD.findall(repeated.text.lower()))
    return sum((ours & theirs).values()) >= _COVERS * sum(ours.values())


def _is_intro(kept: str, repeated: Repeated) -> bool:
    """Whether the kept text is short next to cards that are not a menu."""
    words = _words(kept)
    return words < _INTRO and repeated.words >= _CARDS_GROW * words and not _linky(repeated)


def _linky(repeated: Repeated) -> bool:
    """A menu or a list of links: most words in links, and not cards that are each
    one link (which are all link words)."""
    return repeated.link_share > _LINKY and not repeated.linked_cards


def _merge(kept: str, added: str) -> str:
    """``kept`` and then the lines of ``added`` it does not already hold."""
    haystack = f" {' '.join(line_key(ln) for ln in kept.splitlines())} "
    extra = [ln for ln in added.splitlines() if line_key(ln) and f" {line_key(ln)} " not in haystack]
    return "\n".join([kept, *extra])


def _restore_short_lines(kept: str, reader: str, *, run: int = 1) -> str:
    """``kept`` with the short lines of ``reader`` that sit between two of its lines,
    in runs of at least ``run`` of them."""
    kept_lines = [ln.strip() for ln in kept.splitlines() if ln.strip()]
    kept_norm = [f" {line_key(ln)} " for ln in kept_lines]
    haystack = f" {' '.join(kept_norm)} "
    lines = [ln.strip() for ln in reader.splitlines() if ln.strip()]
    anchors = [i for i, ln in enumerate(lines) if _words(ln) >= _ANCHOR and f" {line_key(ln)} " in haystack]
    if len(anchors) < 2:
        return kept
    after: dict[int, list[str]] = {}
    anchor, found, is_anchor = anchors[0], [], set(anchors)
    for i in range(anchors[0] + 1, anchors[-1] + 1):
        words = line_key(lines[i])
        if i not in is_anchor and words and _words(lines[i]) <= _SHORT and f" {words} " not in haystack:
            found.append(lines[i])
            continue
        if len(found) >= run:  # a run of short lines ends: it goes after its anchor's line
            needle = f" {line_key(lines[anchor])} "
            where = next((n for n, k in enumerate(kept_norm) if needle in k or k in needle), None)
            if where is not None:
                after.setdefault(where, []).extend(found)
        found = []
        if i in is_anchor:
            anchor = i
    return "\n".join(ln for n, k in enumerate(kept_lines) for ln in (k, *after.get(n, ())))


def _words(text: str) -> int:
    return len(_WORD.findall(text))


def _tidy(text: str) -> str:
    """One paragraph or item per line: trailing spaces and blank lines go."""
    lines = (" ".join(line.split()) for line in _BLANKS.sub("\n", text).splitlines())
    return "\n".join(line for line in lines if line)
