"""JSON-LD of a page: its types (to tell the page's kind) and a product's facts.

Shops often keep the price, brand and SKU only in JSON-LD, rendered client-side;
the visible text then lacks them, so they are added as lines of text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from lxml.html import HtmlElement

_MAX_SCRIPT = 200_000  # a JSON-LD blob larger than this is a data dump, not a page's facts


def jsonld_nodes(tree: HtmlElement) -> list[dict[str, Any]]:
    """Every JSON-LD object of the page, ``@graph`` members and nested lists flattened."""
    nodes: list[dict[str, Any]] = []
    for script in tree.iterfind(".//script[@type='application/ld+json']"):
        raw = (script.text or "").strip()
        if not raw or len(raw) > _MAX_SCRIPT:
            continue
        try:
            data = json.loads(raw)
        except ValueError:
            continue
        nodes.extend(_flatten(data))
    return nodes


def _flatten(data: Any) -> Iterator[dict[str, Any]]:
    if isinstance(data, list):
        for item in data:
            yield from _flatten(item)
    elif isinstance(data, dict):
        yield data
        if "@graph" in data:
            yield from _flatten(data["@graph"])


def types_of(nodes: list[dict[str, Any]]) -> set[str]:
    found: set[str] = set()
    for node in nodes:
        kind = node.get("@type")
        found.update(k for k in (kind if isinstance(kind, list) else [kind]) if isinstance(k, str))
    return found


def product_facts(nodes: list[dict[str, Any]]) -> list[str]:
    """Lines stating a product's name, brand, description, SKU, price and rating."""
    lines: list[str] = []
    for node in nodes:
        kind = node.get("@type")
        if "Product" not in (kind if isinstance(kind, list) else [kind]):
            continue
        lines += [_text(node.get("name")), _text(node.get("description"))]
        brand = _text(node.get("brand"))
        lines.append(f"Brand: {brand}" if brand else "")
        for key, label in (("sku", "SKU"), ("mpn", "MPN"), ("gtin13", "GTIN")):
            value = _text(node.get(key))
            lines.append(f"{label}: {value}" if value else "")
        offers = node.get("offers")
        for offer in (offers if isinstance(offers, list) else [offers])[:3]:
            if isinstance(offer, dict) and (price := _text(offer.get("price") or offer.get("lowPrice"))):
                currency = _text(offer.get("priceCurrency"))
                lines.append(f"Price: {price} {currency}".strip())
        rating = node.get("aggregateRating")
        if isinstance(rating, dict) and (value := _text(rating.get("ratingValue"))):
            count = _text(rating.get("reviewCount") or rating.get("ratingCount"))
            lines.append(f"Rating: {value}" + (f" ({count} reviews)" if count else ""))
    seen: set[str] = set()
    return [ln for ln in lines if ln and not (ln in seen or seen.add(ln))]  # type: ignore[func-returns-value]


def _text(value: Any) -> str:
    if isinstance(value, dict):
        value = value.get("name") or value.get("@value") or ""
    if isinstance(value, list):
        value = value[0] if value else ""
    return " ".join(str(value).split()) if isinstance(value, str | int | float) else ""
