"""An answer's Markdown as HTML whose footnote markers are clickable.

Rendering happens on the server with markdown-it (raw HTML in the answer is
escaped, never passed through), so the viewer needs no build step and no
third-party script. Markers are swapped for private-use placeholders before
rendering (so Markdown cannot split or escape them) and for ``<sup>`` links after.

The Markdown is untrusted (page text quoted by a model, the model's own words), so
no image is ever loaded (an image becomes a link to it: a remote image would tell
its host who reads the answer), and links keep only http(s), mailto and relative
targets, with ``rel="noopener noreferrer nofollow"``.
"""

from __future__ import annotations

import base64
import hashlib
import html
from urllib.parse import urlsplit

from markdown_it import MarkdownIt

_md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
_OPEN, _CLOSE = "\ue000", "\ue001"
LINK_REL = "noopener noreferrer nofollow"
SAFE_SCHEMES = ("http", "https", "mailto")


def safe_href(url: str) -> bool:
    """http(s), mailto, or relative to the page (a path, a fragment, ``//host/...``)."""
    try:
        scheme = urlsplit(url.strip()).scheme.lower()
    except ValueError:
        return False
    return scheme in SAFE_SCHEMES or scheme == ""


def _link_open(self, tokens, idx, options, env) -> str:
    token = tokens[idx]
    if safe_href(token.attrGet("href") or ""):
        token.attrSet("rel", LINK_REL)
    else:
        token.attrs.pop("href", None)  # the text stays, the link goes
    return self.renderToken(tokens, idx, options, env)


def _image(self, tokens, idx, options, env) -> str:
    token = tokens[idx]
    alt = html.escape(self.renderInlineAsText(token.children or [], options, env)) or "image"
    src = token.attrGet("src") or ""
    if not safe_href(src) or src.strip().lower().startswith("data:"):
        return f'<span class="image">[{alt}]</span>'
    return f'<a class="image" href="{html.escape(src, quote=True)}" rel="{LINK_REL}">[image: {alt}]</a>'


_md.add_render_rule("link_open", _link_open)
_md.add_render_rule("image", _image)


def answer_html(answer: str, markers: list[tuple[int, int, int]] | list[list[int]]) -> str:
    """HTML of ``answer`` with each marker (start, end, n) as a clickable footnote.

    ``data-i`` is the marker's index in reading order, so the viewer can show the
    reference whose ``answer_span`` the marker closes.
    """
    out, prev = [], 0
    for i, (start, end, n) in enumerate(sorted(tuple(m) for m in markers)):
        out.append(answer[prev:start])
        out.append(f"{_OPEN}{n}:{i}{_CLOSE}")
        prev = end
    out.append(answer[prev:])
    rendered = _md.render("".join(out))
    pieces = rendered.split(_OPEN)
    result = [pieces[0]]
    for piece in pieces[1:]:
        token, _, rest = piece.partition(_CLOSE)
        n, _, i = token.partition(":")
        result.append(
            f'<sup class="fn"><a href="#ref-{html.escape(n)}" data-n="{html.escape(n)}" '
            f'data-i="{html.escape(i)}">[{html.escape(n)}]</a></sup>{rest}'
        )
    return "".join(result)


PAGE_CSS = (
    "body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}"
    "blockquote{border-left:3px solid #ccd;margin:.3rem 0;padding:.2rem .8rem;color:#444}"
    ".failed{color:#a3261b}.note{color:#555;font-size:.9em}"
)


_STYLE_HASH = base64.b64encode(hashlib.sha256(PAGE_CSS.encode()).digest()).decode()
PAGE_CSP = f"default-src 'none'; style-src 'sha256-{_STYLE_HASH}'; img-src data:; base-uri 'none'; form-action 'none'"
"""For pages opened from disk (no server to send a header): nothing loads but their own style."""


def html_page(title: str, body: str) -> str:
    """A standalone page (no script, no external asset) around ``body``, for files
    that are opened from disk: report runs and ``deepref research --format html``."""
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f'<meta http-equiv="Content-Security-Policy" content="{PAGE_CSP}">'
        f"<meta name='referrer' content='no-referrer'><title>{html.escape(title)}</title>"
        f"<style>{PAGE_CSS}</style></head><body>{body}</body></html>"
    )
