r"""A scholarly index's record as a reader writes it: titles, venues and names as plain text.

The indexes pass on what publishers and authors deposit, and a reference must not
carry it: JATS and HTML markup in titles (``<scp>T</scp>reebase``,
``<i>Phragmites australis</i>``, ``CO<sub>2</sub>``), MathML, HTML entities
(``Big Data &amp; Society``), C0 and C1 control characters from mis-decoded bytes
(OpenAlex venues carry U+0098 and U+009C), Unicode non-characters, arXiv's TeX
(``$\omega$``, ``\textit{x}``), and placeholders for authors nobody knows
(OpenAlex's "NULL AUTHOR_ID"). Sub- and superscripts stay readable: as Unicode
(CO₂, ¹³C, x²) where every character has one, else as ``_x`` / ``^x``.

A structured name (given and family, as Crossref and PubMed give them) is written
``Family, Given``, the inverted form every bibliography reader splits on its comma,
so a two-word family name ("Diele Viegas") is never re-split on its last word. A
name given as one string stays as written; ``bibliography.works.split_name`` reads
it as a reader would (initials, particles).

Markup is read by a small tokenizer, not a regular expression over the whole value:
a ``<`` that opens no tag ("p < 0.05") stays text, and every pattern here is linear.
"""

from __future__ import annotations

import contextlib
import html
import re
from typing import Any

from pylatexenc.latex2text import LatexNodes2Text

__all__ = ["is_placeholder", "person", "person_name", "plain", "tex"]

# C0 (but tab, LF, CR, which become spaces), DEL, C1, non-characters, lone surrogates
_NONCHARACTERS = "".join(chr(plane * 0x10000 + low) for plane in range(17) for low in (0xFFFE, 0xFFFF))
_CONTROL = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufdd0-\ufdef\ud800-\udfff{_NONCHARACTERS}]")
# a tag's attributes never hold "<" or ">": each scan stops at the next "<", linear on "<a <a <a…"
_TAG = re.compile(r"<(/?)([A-Za-z][\w.-]*(?::[\w.-]+)?)((?:\s[^<>]*)?)>")
_MAX_DEPTH = 32  # nested elements kept; deeper tags are dropped (a title nests three or four)
_TEX_MAX = 20_000  # characters: longer than any title or abstract; pylatexenc is not run on more
_SUP = dict(
    zip(
        "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWαβγδεθιφχ",
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵅᵝᵞᵟᵋᶿᶥᵠᵡ",
        strict=True,
    )
)
_SUB = dict(zip("0123456789+-−=()aehijklmnoprstuvxβγρφχ", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ", strict=True))
_BLOCKS = frozenset({"p", "br", "title", "sec", "div", "li", "list-item", "label", "caption", "td", "tr"})
_SKIPPED = frozenset({"annotation", "annotation-xml", "script", "style", "xref"})
_MATH_PARTS = {"msub": "_", "msup": "^", "munder": "_", "mover": "^"}
_PLACEHOLDER_WORDS = frozenset({"null", "none", "nil", "undefined", "nan", "author_id"})
_PLACEHOLDERS = frozenset({"unknown", "anonymous", "anon", "n/a", "na", "et al", "et al.", "[anonymous]", "-", "?"})
_LATEX = LatexNodes2Text(math_mode="text", keep_braced_groups=False)
_TEX_ACTIVE = re.compile(r"(?<!\\)([%&#])")  # TeX's comment and alignment characters, which a title means as text
_MATH = re.compile(r"(?<!\\)\$([^$]*)(?<!\\)\$")
_SCRIPT = re.compile(r"([_^])(?:\{([^{}\\]*)\}|([A-Za-z0-9+\-]))")


def plain(value: Any) -> str | None:
    """A title, venue or abstract as text: markup (JATS, HTML, MathML) reduced to its
    words, sub- and superscripts readable, entities decoded, control characters and
    non-characters removed, on one line. None when nothing is left. A list (Crossref
    writes titles and venues as lists) gives its first non-empty string."""
    value = _first(value)
    if value is None:
        return None
    return _one_line(_render(_parse(value)) if "<" in value else _unescape(value))


def tex(value: Any) -> str | None:
    r"""arXiv's TeX as text: ``$\omega$Test`` gives ``ωTest``, ``\textit{x}`` gives ``x``,
    ``$H_0$`` gives ``H₀``. Text with no TeX in it is returned as it is."""
    value = _first(value)
    if value is None:
        return None
    value = _CONTROL.sub("", value)
    if ("\\" in value or "$" in value or "{" in value) and len(value) <= _TEX_MAX:
        value = _MATH.sub(lambda m: "$" + _SCRIPT.sub(_tex_script, m.group(1)) + "$", value)
        with contextlib.suppress(Exception):  # pylatexenc is tolerant; what it still cannot read stays as written
            value = _LATEX.latex_to_text(_TEX_ACTIVE.sub(r"\\\1", value))
    return _one_line(value)


def person(given: Any, family: Any) -> str | None:
    """A structured name as ``Family, Given`` (the family alone when no given name is
    known); None for an empty name or a placeholder."""
    g, f = person_name(given), person_name(family)
    if f and g:
        return f"{f.replace(',', ' ')}, {g.replace(',', ' ')}".replace("  ", " ")
    return f or g


def person_name(value: Any) -> str | None:
    """A name given as one string, cleaned; None for an empty one or a placeholder."""
    name = plain(value)
    if not name or is_placeholder(name):
        return None
    return name


def is_placeholder(name: str) -> bool:
    """What an index writes where it knows no author: "NULL AUTHOR_ID", "Unknown", "[Anonymous]"."""
    folded = name.strip().lower()
    if folded in _PLACEHOLDERS or not re.search(r"\w", folded):
        return True
    return bool(_PLACEHOLDER_WORDS & set(folded.split()))


# ---------------------------------------------------------------------------- markup
class _Element:
    __slots__ = ("children", "tag")

    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.children: list[_Element | str] = []


def _parse(value: str) -> _Element:
    """Tags and text as a tree; a closing tag closes up to its opening one, a stray one
    is dropped, tags nested deeper than ``_MAX_DEPTH`` are dropped, and a ``<`` that
    opens no tag is text."""
    root = _Element("")
    stack = [root]
    at = 0
    value = _without_comments(value)
    for match in _TAG.finditer(value):
        if match.start() > at:
            stack[-1].children.append(_unescape(value[at : match.start()]))
        at = match.end()
        tag = match.group(2).lower().rsplit(":", 1)[-1]
        if match.group(1):
            for depth in range(len(stack) - 1, 0, -1):
                if stack[depth].tag == tag:
                    del stack[depth:]
                    break
        elif match.group(3).rstrip().endswith("/") or tag in ("br", "hr", "img"):
            stack[-1].children.append(_Element(tag))
        elif len(stack) <= _MAX_DEPTH:  # rendering recurses: a hostile nesting must not exhaust the stack
            element = _Element(tag)
            stack[-1].children.append(element)
            stack.append(element)
    if at < len(value):
        stack[-1].children.append(_unescape(value[at:]))
    return root


def _without_comments(value: str) -> str:
    """``<!-- … -->`` removed by plain search (a pattern would rescan an unclosed one from
    every opener: quadratic on "<!--<!--…"); an unclosed comment runs to the end."""
    out, at = [], 0
    while (start := value.find("<!--", at)) >= 0:
        out.append(value[at:start])
        end = value.find("-->", start + 4)
        if end < 0:
            return "".join(out)
        at = end + 3
    out.append(value[at:])
    return "".join(out)


def _render(node: _Element | str) -> str:
    if isinstance(node, str):
        return node
    tag = node.tag
    if tag in _SKIPPED:
        return ""
    if tag in ("sub", "inf"):
        return _script("_", _inner(node))
    if tag == "sup":
        return _script("^", _inner(node))
    if tag == "tex-math":
        return tex(_inner(node)) or ""
    elements = [c for c in node.children if isinstance(c, _Element)]
    if tag in _MATH_PARTS and len(elements) == 2:
        return _render(elements[0]) + _script(_MATH_PARTS[tag], _render(elements[1]))
    if tag in ("msubsup", "munderover") and len(elements) == 3:
        return _render(elements[0]) + _script("_", _render(elements[1])) + _script("^", _render(elements[2]))
    if tag == "mfrac" and len(elements) == 2:
        return f"{_render(elements[0])}/{_render(elements[1])}"
    if tag == "msqrt":
        return f"√({_inner(node)})"
    if tag.startswith("m") and tag in ("math", "mrow", "mi", "mn", "mo", "mstyle", "semantics", "mtext", "mfenced"):
        # MathML lays its tokens out itself: the whitespace between them is not text
        return "".join(_render(c) for c in node.children if not (isinstance(c, str) and not c.strip()))
    inner = _inner(node)
    return f" {inner} " if tag in _BLOCKS else inner


def _inner(node: _Element) -> str:
    return "".join(_render(c) for c in node.children)


def _script(kind: str, text: str) -> str:
    """A sub- or superscript in Unicode when every character has one (CO₂, x²), else
    ``_x``/``^x`` (parenthesised when longer than one character), as one types it."""
    text = text.strip()
    if not text:
        return ""
    table = _SUP if kind == "^" else _SUB
    if all(c in table for c in text):
        return "".join(table[c] for c in text)
    return f"{kind}{text}" if len(text) == 1 else f"{kind}({text})"


def _tex_script(match: re.Match[str]) -> str:
    body = match.group(2) if match.group(2) is not None else match.group(3)
    table = _SUP if match.group(1) == "^" else _SUB
    if body and all(c in table for c in body):
        return "".join(table[c] for c in body)
    return match.group(0)


# ---------------------------------------------------------------------------- helpers
def _unescape(value: str) -> str:
    """Entities decoded, twice escaped ones too (Crossref holds titles with ``&amp;amp;``)."""
    for _ in range(3):
        if "&" not in value or (decoded := html.unescape(value)) == value:
            break
        value = decoded
    return value


def _first(value: Any) -> str | None:
    if isinstance(value, list):
        value = next((v for v in value if isinstance(v, str) and v.strip()), None)
    if value is None:
        return None
    if not isinstance(value, str | int | float):
        raise TypeError(f"expected text, got {type(value).__name__}")
    return str(value)


def _one_line(value: str) -> str | None:
    out = " ".join(_CONTROL.sub("", value).split())
    return out or None
