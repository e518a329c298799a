"""One rule for every secret deepref checks: ``DEEPREF_API_TOKEN`` (the API and MCP
over HTTP), ``DEEPREF_METRICS_TOKEN`` and ``DEEPREF_WEBHOOK_SECRET``.

- a set secret has at least ``MIN_SECRET_CHARS`` characters: an empty or short
  value looks configured but is a password anyone guesses, so every server
  refuses to start with one (``check_secrets``), naming the setting and how to
  make a good one;
- a token is read from ``Authorization: Bearer <token>`` (the scheme in any case,
  RFC 9110) by ``bearer_token`` alone, and compared in constant time by
  ``token_matches``, which never matches an empty token.
"""

from __future__ import annotations

import hmac
from typing import TYPE_CHECKING

from pydantic import SecretStr

from deepref.reference.errors import ConfigurationError

if TYPE_CHECKING:
    from deepref.worker.settings import Settings

MIN_SECRET_CHARS = 32
MAKE_SECRET = "python -c 'import secrets; print(secrets.token_urlsafe(32))'"
SECRETS = {
    "api_token": "DEEPREF_API_TOKEN",
    "metrics_token": "DEEPREF_METRICS_TOKEN",
    "webhook_secret": "DEEPREF_WEBHOOK_SECRET",
}
"""Settings field -> environment variable, for every secret the rule covers."""


def check_secret(env: str, value: SecretStr | None) -> None:
    """Nothing when ``value`` is unset or long enough; ConfigurationError otherwise."""
    if value is None:
        return
    n = len(value.get_secret_value())
    if n < MIN_SECRET_CHARS:
        raise ConfigurationError(
            f"{env} is {n} characters long; use at least {MIN_SECRET_CHARS} "
            f"(an empty value does not turn it off: unset the variable). Make one with: {MAKE_SECRET}"
        )


def check_secrets(settings: Settings) -> None:
    """Every secret of ``settings`` by the rule; servers call it before they listen."""
    for field, env in SECRETS.items():
        check_secret(env, getattr(settings, field))


def bearer_token(header: str | bytes | None) -> str | None:
    """The token of an ``Authorization`` header value, or None when it carries none."""
    if isinstance(header, bytes):
        header = header.decode("latin-1")
    scheme, _, token = (header or "").partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def token_matches(given: str | None, *expected: SecretStr | None) -> bool:
    """Whether ``given`` is one of the ``expected`` secrets (unset ones skipped),
    compared in constant time; an empty token matches nothing."""
    if not given:
        return False
    raw = given.encode()
    found = False
    for secret in expected:
        if secret is not None and secret.get_secret_value():
            found |= hmac.compare_digest(raw, secret.get_secret_value().encode())
    return found
