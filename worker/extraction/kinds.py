"""The kind of a page, from its markup alone (cheap: no text analysis).

Only what changes extraction is told apart: a product page (JSON-LD ``Product`` or
``og:type`` product), whose short visible text trafilatura already reads better than
a whole-page reader, and a forum thread, reported for the record.
"""

from __future__ import annotations

import re

from lxml.html import HtmlElement

_FORUM_URL = re.compile(
    r"/(?:t|topic|topics|thread|threads|forum|forums|discussion|discussions|community|questions)[/.\-?]"
    r"|/r/\w+/comments/|viewtopic\.php|showthread\.php",
    re.I,
)
_FORUM_TYPES = {"DiscussionForumPosting", "QAPage", "SocialMediaPosting"}


def page_kind(tree: HtmlElement, url: str, jsonld_types: set[str]) -> str:
    """``product``, ``forum`` or ``page``."""
    og_type = " ".join(tree.xpath("//meta[@property='og:type']/@content")).lower()
    if "Product" in jsonld_types or "product" in og_type:
        return "product"
    if jsonld_types & _FORUM_TYPES or _FORUM_URL.search(url):
        return "forum"
    return "page"
