"""Repeated blocks of a page: a forum's posts, a listing's cards.

Single-container readers keep one block of a page: a forum thread's first post (the
replies look like comments), a listing's intro or one card. Those pages are built of
*sibling* blocks of one shape (the same tag and classes), each holding text; this
finds the group of such siblings with the most text and reads every member of it, one
paragraph, title or blurb a line, leaving out the chrome inside them (reply, quote,
report and share buttons, signatures, posters' statistics, forms).

The read is done on the parsed tree without changing it (trafilatura reads the same
tree afterwards).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from lxml.html import HtmlElement

_SKIP_TAGS = {
    "script", "style", "template", "svg", "button", "select", "option", "input",
    "textarea", "iframe", "nav", "form", "head", "link", "meta", "object", "embed", "canvas",
}  # fmt: skip
_BLOCK_TAGS = {
    "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "tr",
    "table", "tbody", "thead", "article", "section", "blockquote", "pre", "header", "footer",
    "aside", "main", "figure", "figcaption", "address", "details", "summary", "hr", "br",
}  # fmt: skip
_SPACED_TAGS = {"td", "th", "img", "label", "time", "span"}  # inline, yet apart from their neighbours
# a class or id token naming a post's or a card's chrome: it goes when it is short
_CHROME = re.compile(
    r"(?:^|[-_ ])(?:reply|replies|quote-?(?:button|link)|report|share|sharing|social|signature|sig|"
    r"like|likes|vote|votes|voting|reaction|reactions|badge|badges|user-?stats|userinfo-extra|"
    r"postbit-?extra|member-?stats|karma|reputation|rep|flag|bookmark|toolbar|actions|action-bar|"
    r"controls|menu|dropdown|btn|button|cta|user-?extras?|user-?title|user-?blurb|user-?banner|avatar|post-?count|"
    r"post-?num(?:ber)?|reactions?-?bar|attribution-opposite|join-?date|member-?since|pagination|pager|breadcrumbs?|cookie|banner|advert|ads|sponsor|"
    r"sr-only|visually-?hidden|screen-reader-text|hidden|tooltip|modal|popup)(?:$|[-_ ])",
    re.I,
)
_CHROME_WORDS = 25  # an element named like chrome but longer than this is content
# a class or id token naming the site's furniture: it goes whatever its length
_FURNITURE = re.compile(
    r"(?:^|[-_ ])(?:menu|megamenu|breadcrumbs?|pagination|cookies?|consent|onetrust|gdpr|modal|popup|newsletter|"
    r"sidebar|site-?header|site-?footer|masthead|related)(?:$|[-_ ])",
    re.I,
)
# class tokens that differ between siblings of one shape (zebra stripes, states)
_VOLATILE = re.compile(r"^(?:odd|even|alt|first|last|active|selected|current|new|unread|bg|row|is|has)$")
_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"\w+")
_MIN_MEMBER_WORDS = 3  # a sibling with fewer words is an empty slot or a divider
_MAX_LINK_SHARE = 0.6  # a group whose text is mostly link text is a menu, not cards...
# ...unless its members average _CARD_WORDS words in at most _CARD_LINKS links: a
# listing's cards are often each one link around a title and a blurb (WCXB: course
# catalogues, event lists, shop grids whose every word is in a link), while a menu's
# items are a few words, and a submenu or a blog's archive a dozen links to a member.
# Tuning part of WCXB dev: 3, 5 and 8 links within 0.001 of each other (articles
# +0.002 over no limit, where a linky group beside the article was taken for its part)
_CARD_WORDS = 12
_CARD_LINKS = 8


@dataclass(frozen=True, slots=True)
class Repeated:
    """The text of a group of repeated siblings (one member's line after another)."""

    text: str
    members: int  # siblings that hold text
    words: int
    link_share: float  # share of the members' words inside links
    linked_cards: bool = False  # long members of few links each: cards wrapped in a link, not a menu
    chrome: frozenset[str] = frozenset()  # lines of the chrome left out (lower-case words), to drop elsewhere


def line_key(text: str) -> str:
    """A line as lines are compared (its lower-case words): ``Repeated.chrome`` holds
    these, and ``worker.web.extraction.html`` compares its kept lines the same way."""
    return " ".join(_WORD.findall(text.lower()))


def repeated_text(tree: HtmlElement, *, min_members: int = 3) -> Repeated | None:
    """The group of at least ``min_members`` same-shaped siblings with the most text."""
    body = tree.find(".//body")
    root = body if body is not None else tree
    counts: dict[HtmlElement, _Tally] = {}
    _tally(root, False, counts)
    best: tuple[float, list[HtmlElement]] | None = None
    enough = min_members * _MIN_MEMBER_WORDS
    for parent, (words, _, _) in counts.items():
        if words < enough:
            continue
        groups: dict[tuple[str, ...], list[HtmlElement]] = defaultdict(list)
        for child in parent:
            if counts.get(child, (0,))[0] >= _MIN_MEMBER_WORDS:
                groups[_signature(child)].append(child)
        for members in groups.values():
            if len(members) < min_members:
                continue
            score = _score([counts[m] for m in members], min_members)
            if score and (best is None or score > best[0]):
                best = (score, members)
    if best is None:
        return None
    lines: list[str] = []
    chrome: list[str] = []
    words = links = count = 0
    for member in best[1]:
        member_lines, member_words, member_links = _read(member, counts, chrome)
        if member_words >= _MIN_MEMBER_WORDS:
            lines.extend(member_lines)
            words += member_words
            links += member_links
            count += 1
    kept = {line_key(ln) for ln in lines}
    dropped = frozenset(n for n in map(line_key, chrome) if n and n not in kept)
    share = links / words if words else 0.0
    return Repeated("\n".join(lines), count, words, share, _linked_cards([counts[m] for m in best[1]]), dropped)


_Tally = tuple[int, int, int]  # words, words inside links, links (``a`` elements holding words)


def _tally(element: HtmlElement, in_link: bool, counts: dict[HtmlElement, _Tally]) -> _Tally:
    """(words, words inside links, links) of ``element``'s readable text, for it and
    every readable element under it (into ``counts``); chrome and hidden parts count 0."""
    tag = element.tag
    if not isinstance(tag, str) or tag in _SKIP_TAGS:
        return 0, 0, 0
    is_link = tag == "a" and not in_link
    in_link = in_link or is_link
    text = element.text
    words = len(_WORD.findall(text)) if text else 0
    links = words if in_link else 0
    anchors = 0
    for child in element:
        w, n, a = _tally(child, in_link, counts)
        words += w
        links += n
        anchors += a
        tail = child.tail
        if tail:
            t = len(_WORD.findall(tail))
            words += t
            links += t if in_link else 0
    if _is_chrome_name(element) and (words <= _CHROME_WORDS or _is_furniture(element)):
        return 0, 0, 0
    anchors += is_link and words > 0
    counts[element] = (words, links, anchors)
    return words, links, anchors


def _signature(element: HtmlElement) -> tuple[str, ...]:
    return _shape(str(element.tag), element.get("class") or "")


@lru_cache(maxsize=4096)
def _shape(tag: str, classes: str) -> tuple[str, ...]:
    names = (_DIGITS.sub("", c) for c in classes.lower().split())
    return (tag, *sorted({c for c in names if c and not _VOLATILE.match(c.strip("-_"))}))


def _is_chrome_name(element: HtmlElement) -> bool:
    attrib = element.attrib
    if not attrib:
        return False
    if attrib.get("aria-hidden") == "true" or "hidden" in attrib:
        return True
    return _names_chrome(f"{attrib.get('class', '')} {attrib.get('id', '')} {attrib.get('role', '')}")


@lru_cache(maxsize=4096)
def _names_chrome(names: str) -> bool:
    return "navigation" in names.lower() or (len(names) > 2 and bool(_CHROME.search(names) or _FURNITURE.search(names)))


def _is_furniture(element: HtmlElement) -> bool:
    names = f"{element.get('class', '')} {element.get('id', '')}"
    return element.get("role") == "navigation" or _names_furniture(names)


@lru_cache(maxsize=4096)
def _names_furniture(names: str) -> bool:
    return bool(_FURNITURE.search(names))


def _score(members: list[_Tally], min_members: int) -> float:
    """Words outside links of the members holding text; 0 when the group is a menu.
    Cards that are each wrapped in a link count half their link words."""
    holding = [m for m in members if m[0] >= _MIN_MEMBER_WORDS]
    total = sum(m[0] for m in holding)
    links = sum(m[1] for m in holding)
    if len(holding) < min_members or not total:
        return 0.0
    if links / total <= _MAX_LINK_SHARE:
        return float(total - links)
    return total - links / 2 if _linked_cards(holding) else 0.0


def _linked_cards(members: list[_Tally]) -> bool:
    """Members (each holding text) of _CARD_WORDS words in at most _CARD_LINKS links, on average."""
    n = len(members)
    return n > 0 and sum(m[0] for m in members) >= _CARD_WORDS * n and sum(m[2] for m in members) <= _CARD_LINKS * n


def _read(
    element: HtmlElement, counts: dict[HtmlElement, _Tally] | None, chrome: list[str] | None = None
) -> tuple[list[str], int, int]:
    """Lines of ``element`` (a line a block), its words and its words inside links.

    With ``counts``, only the elements in it are read (the rest is chrome, hidden or
    unreadable) and the lines of the chrome left out go to ``chrome``."""
    reader = _Reader(counts, chrome)
    reader.walk(element, False)
    reader.flush()
    return reader.lines, reader.words, reader.links


class _Reader:
    def __init__(self, counts: dict[HtmlElement, _Tally] | None, chrome: list[str] | None) -> None:
        self.counts, self.chrome = counts, chrome
        self.lines: list[str] = []
        self.current: list[str] = []
        self.words = self.links = 0

    def flush(self) -> None:
        line = " ".join("".join(self.current).split())
        if line:
            self.lines.append(line)
        self.current.clear()

    def add(self, text: str | None, in_link: bool) -> None:
        if text:
            self.current.append(text)
            n = len(_WORD.findall(text))
            self.words += n
            self.links += n if in_link else 0

    def walk(self, node: HtmlElement, in_link: bool) -> None:
        if not isinstance(node.tag, str) or node.tag in _SKIP_TAGS:
            return
        if self.counts is not None and node not in self.counts:  # chrome or hidden
            if self.chrome is not None:
                self.chrome.extend(_read(node, None)[0])
            return
        block = node.tag in _BLOCK_TAGS
        in_link = in_link or node.tag == "a"
        if block or node.tag in _SPACED_TAGS:
            self.apart(block)
        self.add(node.text, in_link)
        for child in node:
            self.walk(child, in_link)
            self.add(child.tail, in_link)
        if block or node.tag in _SPACED_TAGS:
            self.apart(block)

    def apart(self, block: bool) -> None:
        """A block starts a line; a cell or a label is a word apart from its neighbours."""
        if block:
            self.flush()
        else:
            self.current.append(" ")


def read_lines(element: HtmlElement, skip: Sequence[HtmlElement] = ()) -> tuple[list[str], int]:
    """Lines of ``element`` (a line a block) and its words, without the chrome inside
    it (buttons, hidden parts, elements named like chrome) nor ``skip``."""
    counts: dict[HtmlElement, _Tally] = {}
    _tally(element, False, counts)
    for el in skip:
        counts.pop(el, None)
    lines, words, _ = _read(element, counts, [])
    return lines, words
