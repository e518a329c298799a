"""Which scheduled slot of a report is due now.

A slot is the most recent scheduled time at or before now, in the report's time
zone. It is due when no run has been made for it yet. After downtime only the
latest missed slot runs: a beat that was off for a week does not fire a week of
runs at once (no catch-up storm).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from croniter import croniter

from deepref.reports.definitions import Schedule


def latest_slot(schedule: Schedule, now: datetime) -> datetime:
    """The most recent slot at or before ``now`` (timezone-aware, UTC)."""
    tz = ZoneInfo(schedule.timezone)
    local_now = now.astimezone(tz)
    if schedule.cron is not None:
        # get_prev from one second later: a slot exactly at ``now`` counts as due
        return croniter(schedule.cron, local_now + timedelta(seconds=1)).get_prev(datetime).astimezone(UTC)
    step = schedule.interval.total_seconds()  # type: ignore[union-attr]
    epoch = int(now.timestamp() // step * step)
    return datetime.fromtimestamp(epoch, UTC)


def slot_id(slot: datetime) -> str:
    """A folder-safe, sortable name for a slot: 20261122T090000Z."""
    return slot.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def due_slot(schedule: Schedule | None, now: datetime, last_slot: str | None) -> str | None:
    """The slot id to run now, or None (no schedule, or the latest slot already ran)."""
    if schedule is None:
        return None
    slot = slot_id(latest_slot(schedule, now))
    return slot if last_slot is None or slot > last_slot else None
