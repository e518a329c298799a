"""URL normalisation: one page reachable under two spellings is one source.

Used by the reference engine (source identity, so one page is never cited under two
numbers) and by search (deduplicating hits). Pure string work, no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit, urlunsplit

# The DOI Handbook (2.2): "10." and a registrant code of digits (4 to 9 here, as every
# registration agency assigns, with optional "." subdivisions), "/", then a suffix of
# printable characters. Refused as well: a suffix segment "." or "..", which a URL
# resolver removes (RFC 3986), so ``https://doi.org/10.1234/../../etc/passwd`` names
# another resource; whitespace, control and format characters; more than MAX_DOI
# characters.
_DOI = re.compile(r"10\.\d{4,9}(?:\.\d{1,9}){0,4}/[^/\s]++(?:/[^/\s]++)*+")
_DOI_PREFIXES = ("https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:")
MAX_DOI = 500

# Query parameters that only track the visitor and never change the page.
TRACKING_PARAMS = frozenset(
    {"gclid", "fbclid", "msclkid", "dclid", "yclid", "mc_cid", "mc_eid", "_ga", "_hsenc", "_hsmi", "igshid", "ref_src"}
)
TRACKING_PREFIXES = ("utm_", "pk_", "mtm_")
DEFAULT_PORTS = {"http": 80, "https": 443}


def _is_tracking(name: str) -> bool:
    lowered = name.lower()
    return lowered in TRACKING_PARAMS or lowered.startswith(TRACKING_PREFIXES)


def normalize_doi(value: object) -> str | None:
    """A DOI in lower case without resolver prefix, or None if ``value`` is not one in
    the DOI Handbook's syntax (``10.1234/../../etc/passwd``, a control character or a
    space inside are refused)."""
    if not isinstance(value, str):
        return None
    doi = value.strip()
    for prefix in _DOI_PREFIXES:
        if doi.lower().startswith(prefix):
            doi = doi[len(prefix) :]
            break
    doi = doi.lower()
    if len(doi) > MAX_DOI or not _DOI.fullmatch(doi):
        return None
    if any(part in (".", "..") for part in doi.split("/")[1:]):
        return None
    if any(unicodedata.category(ch)[0] in "CZ" for ch in doi):  # control, format, unassigned, separators
        return None
    return doi


def normalize_url(url: str) -> str:
    """Canonical spelling of ``url`` for comparison (not for fetching).

    Lower-cases scheme and host, drops default ports, ``www.``, fragments, tracking
    parameters and a trailing slash, sorts the remaining query parameters and
    normalises percent-escapes. Strings that are not URLs come back stripped.
    """
    raw = url.strip()
    parts = urlsplit(raw)
    if not parts.scheme or not parts.netloc:
        return raw
    scheme = parts.scheme.lower()
    if scheme == "http":  # the same page is almost always served on both
        scheme = "https"
    host = (parts.hostname or "").lower().rstrip(".")
    if host.startswith("www."):
        host = host[4:]
    try:
        port = parts.port
    except ValueError:
        port = None
    if port and port != DEFAULT_PORTS.get(parts.scheme.lower()):
        host = f"{host}:{port}"
    path = quote(unquote(parts.path), safe="/:@!$&'()*+,;=-._~%")
    path = path.rstrip("/")
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _is_tracking(k)]
    return urlunsplit((scheme, host, path, urlencode(sorted(query)), ""))


def hostname(url: str) -> str:
    """Host of ``url`` without ``www.``, lower-cased ("" when there is none)."""
    host = (urlsplit(url.strip()).hostname or "").lower().rstrip(".")
    return host[4:] if host.startswith("www.") else host
