"""The kind of a page, from its markup alone (cheap: no text analysis).

Only what changes extraction is told apart: a product page (JSON-LD ``Product`` or
``og:type`` product), whose short visible text trafilatura already reads better than
a whole-page reader; a forum thread, whose replies are its posts; and an article
(``og:type`` article or a JSON-LD article type), whose repeated blocks beside a short
text are related stories, not a listing's cards.
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
_ARTICLE_TYPES = {
    "Article", "NewsArticle", "BlogPosting", "ScholarlyArticle", "TechArticle", "Report",
    "OpinionNewsArticle", "AnalysisNewsArticle", "ReportageNewsArticle", "LiveBlogPosting",
}  # fmt: skip


def page_kind(tree: HtmlElement, url: str, jsonld_types: set[str]) -> str:
    """``product``, ``forum``, ``article`` or ``page``."""
    og_type = " ".join(tree.xpath("//meta[@property='og:type']/@content")).lower()
    if "Product" in jsonld_types or "product" in og_type:
        return "product"
    if jsonld_types & _FORUM_TYPES or _FORUM_URL.search(url):
        return "forum"
    if jsonld_types & _ARTICLE_TYPES or "article" in og_type:
        return "article"
    return "page"
