"""The broker queues, by the kind of work they hold.

A worker takes interactive messages first (``queue_order_strategy``), so a
200-question report never sits in front of a single question (docs/integrations.md).
"""

from __future__ import annotations

INTERACTIVE_QUEUE = "deepref.interactive"
"""Jobs someone waits for (CLI, API, MCP), webhooks and maintenance."""
BULK_QUEUE = "deepref.bulk"
"""Report sections."""
QUEUES = {"interactive": INTERACTIVE_QUEUE, "bulk": BULK_QUEUE}
"""By kind, as ``deepref worker --queues interactive,bulk`` names them."""
