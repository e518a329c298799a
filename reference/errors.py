"""The root of deepref's one exception tree, and the engine's own errors.

Every error deepref raises on purpose is a ``DeeprefError``. The engine (this
package) raises only the classes below; each layer keeps its own errors next to
its code and draws its part of the tree there: ``search/errors.py`` (search
providers), ``worker/errors.py`` (questions, fetching, extraction, the chat model,
jobs and the job store), ``reports/errors.py`` (report definitions and runs).

    DeeprefError                  base: catch this to catch everything of ours
    ├── InputError                bad input from a user (question, JSON, options); fix the input
    ├── ConfigurationError        settings missing or contradictory (e.g. no API key); fix the env
    └── EmbedderError             an embedder failed; the engine falls back to lexical scoring

Every message says what went wrong *and* what the user can do about it.

``retryable`` says whether the same call may succeed later (a timeout, a 503, a
Redis restart). It is set where an error is raised, because only that place knows:
a 401 and a 503 are both "the LLM endpoint failed". The job lifecycle
(worker/jobs/lifecycle.py) retries a stage only on a retryable error; the default is no.
"""

from __future__ import annotations


class DeeprefError(Exception):
    """Base class of every error deepref raises on purpose."""

    retryable: bool = False


class InputError(DeeprefError, ValueError):
    """The caller gave input we cannot work with; the message says how to fix it."""


class ConfigurationError(DeeprefError):
    """A setting is missing or wrong; the message names the DEEPREF_* variable to set."""


class EmbedderError(DeeprefError):
    """An embedder could not produce vectors (missing extra, endpoint down, bad shape)."""
