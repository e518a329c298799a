"""A forum thread's posts, read where the forum engine's markup says where they are.

Readers that keep one container of a thread keep its chrome with it: posters'
statistics, signatures, "Last edited by", reply and vote buttons, the comments under a
Stack Exchange answer. The common engines mark each post's body with a class that has
not changed in years (XenForo ``bbWrapper``, Discourse ``cooked``, phpBB ``content``
inside ``postbody``, vBulletin ``postcontent``, Invision ``commentContent``, Reddit
``usertext-body``, Stack Exchange ``s-prose``, schema.org ``itemprop="text"``), so a
thread is read as its posts: who wrote each, and its body, nothing else.

The read is done on the parsed tree without changing it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from lxml.html import HtmlElement

from deepref.worker.web.extraction.repeated import line_key, read_lines


def _has(name: str) -> str:
    """XPath test: the element's class list holds ``name``."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_POSTING = " or ".join(
    f"contains(@itemtype, '{t}')" for t in ("Comment", "DiscussionForumPosting", "Answer", "Question")
)
# one XPath per engine, tried in turn; the first that finds posts is the page's engine
_BODIES = (
    ("xenforo", f"//article[contains(@class, 'message')]//div[{_has('bbWrapper')}]"),
    ("discourse", f"//div[{_has('cooked')}]"),
    ("phpbb", f"//div[{_has('postbody')}]//div[{_has('content')}]"),
    ("vbulletin", f"//*[{_has('postcontent')}] | //div[starts-with(@id, 'post_message_')]"),
    ("invision", "//*[@data-role='commentContent']"),
    ("reddit", f"//div[{_has('usertext-body')}]"),
    ("stackexchange", f"//div[{_has('s-prose')} or {_has('post-text')}]"),
    ("schema", f"//*[@itemprop='text'][ancestor::*[{_POSTING}]]"),
)
_MIN_WORDS = 20  # posts holding fewer words in all are a page's widget, not a thread
_QUOTES = (
    ".//blockquote | .//aside[contains(@class,'quote')] | .//*[contains(@class,'bbCodeBlock--quote')]"
    " | .//*[contains(@class,'quotecontent') or contains(@class,'ipsQuote') or contains(@class,'bbcode_quote')]"
)
_SIGNATURE = re.compile(r"signature", re.I)
_UP = 8  # levels above a body where its post's author and date may sit
_AUTHOR = re.compile(r"(?:^|[-_ ])(?:username|user-?name|author|poster|creator|user-?details)(?:$|[-_ ])", re.I)
_AUTHOR_WORDS = 4  # a longer name is a sentence, not a poster's name


@dataclass(frozen=True, slots=True)
class Posts:
    engine: str
    text: str  # one post after another, a paragraph a line
    count: int
    words: int


def forum_posts(tree: HtmlElement) -> Posts | None:
    """The posts of a thread whose engine's markup is known, else None."""
    for engine, xpath in _BODIES:
        try:
            found = tree.xpath(xpath)
        except Exception:  # lxml raises on odd trees
            continue
        bodies = _outermost([b for b in found if isinstance(b, HtmlElement) and not _in_signature(b)])
        if not bodies:
            continue
        lines: list[str] = []
        words = 0
        quotes = [b.xpath(_QUOTES) for b in bodies]
        own = {line_key(ln) for b, q in zip(bodies, quotes, strict=True) for ln in read_lines(b, q)[0]}
        quotes = [[x for x in q if _repeats(x, own)] for q in quotes]
        for (body, post), skip in zip(_posts(bodies), quotes, strict=True):
            if post is not None:
                lines.extend(_byline(post, body))
            body_lines, body_words = read_lines(body, skip)
            lines.extend(body_lines)
            words += body_words
        if words >= _MIN_WORDS:
            return Posts(engine, "\n".join(lines), len(bodies), words)
    return None


def _in_signature(element: HtmlElement) -> bool:
    """Whether ``element`` is a poster's signature (XenForo marks it up like a post)."""
    return any(_SIGNATURE.search(a.get("class", "")) for a in element.iterancestors())


def _outermost(elements: list[HtmlElement]) -> list[HtmlElement]:
    """``elements`` without those inside another of them (a body quoting a post)."""
    chosen = set(elements)
    return [e for e in elements if not any(a in chosen for a in e.iterancestors())]


def _posts(bodies: list[HtmlElement]) -> list[tuple[HtmlElement, HtmlElement | None]]:
    """Each body with its post: the highest ancestor (at most ``_UP`` levels up) that
    holds no other body."""
    ancestors = [list(b.iterancestors())[:_UP] for b in bodies]
    holds = Counter(a for chain in ancestors for a in chain)
    out = []
    for body, chain in zip(bodies, ancestors, strict=True):
        post = None
        for a in chain:
            if holds[a] > 1 or a.tag in ("body", "html"):
                break
            post = a
        out.append((body, post if len(bodies) > 1 else None))
    return out


def _byline(post: HtmlElement, body: HtmlElement) -> list[str]:
    """The post's author and date, outside its body: a line each."""
    inside = set(body.iter())
    author = date = None
    for el in post.iter():
        if el in inside or not isinstance(el.tag, str):
            continue
        if date is None and el.tag == "time":
            date = " ".join(el.text_content().split()) or None
        if author is None and (
            _AUTHOR.search(f"{el.get('class', '')} {el.get('itemprop', '')}") or el.get("itemprop") == "name"
        ):
            name = " ".join(el.text_content().split())
            if name and len(name.split()) <= _AUTHOR_WORDS:
                author = name
        if author and date:
            break
    return [x for x in (author, date) if x]


def _repeats(quote: HtmlElement, own: set[str]) -> bool:
    """Whether most of a quote's lines are another post of the page."""
    keys = [k for k in map(line_key, read_lines(quote)[0]) if k]
    return bool(keys) and sum(k in own for k in keys) >= 0.5 * len(keys)
