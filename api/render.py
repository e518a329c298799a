"""An answer's Markdown as HTML whose footnote markers are clickable.

Rendering happens on the server with markdown-it (raw HTML in the answer is
escaped, never passed through), so the viewer needs no build step and no
third-party script. Markers are swapped for private-use placeholders before
rendering (so Markdown cannot split or escape them) and for ``<sup>`` links after.
"""

from __future__ import annotations

import html

from markdown_it import MarkdownIt

_md = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
_OPEN, _CLOSE = "\ue000", "\ue001"


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


def html_page(title: str, body: str) -> str:
    """A standalone page (no script, no external asset) around ``body``, for files
    that are opened from disk: report runs and ``deepref research --format html``."""
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{PAGE_CSS}</style></head><body>{body}</body></html>"
    )
