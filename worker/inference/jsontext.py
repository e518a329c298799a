"""JSON out of a chat model's text: models wrap it in prose or code fences."""

from __future__ import annotations

import json


def first_json_object(text: str) -> dict | None:
    """The first JSON object in ``text``, or None."""
    text = text.strip()
    start = text.find("{")
    while start != -1:
        try:
            obj, _ = json.JSONDecoder().raw_decode(text[start:])
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        return obj if isinstance(obj, dict) else None
    return None
