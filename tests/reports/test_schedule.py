from datetime import UTC, datetime

from deepref.reports.definitions import Schedule
from deepref.reports.schedule import due_slot, latest_slot, slot_id

SUNDAY_NOON = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def test_cron_in_a_time_zone():
    schedule = Schedule(cron="0 9 * * MON", timezone="Europe/Paris")
    assert latest_slot(schedule, SUNDAY_NOON) == datetime(2026, 11, 16, 8, 0, tzinfo=UTC)  # 09:00 Paris = 08:00 UTC


def test_slot_exactly_now_is_due():
    assert latest_slot(Schedule(cron="0 12 * * *"), SUNDAY_NOON) == SUNDAY_NOON


def test_interval_slots_are_aligned():
    assert slot_id(latest_slot(Schedule(every="6h"), SUNDAY_NOON)) == "20261122T120000Z"
    assert slot_id(latest_slot(Schedule(every="1d"), SUNDAY_NOON)) == "20261122T000000Z"


def test_due_once_and_no_catch_up_storm():
    schedule = Schedule(every="1h")
    assert due_slot(schedule, SUNDAY_NOON, None) == "20261122T120000Z"
    assert due_slot(schedule, SUNDAY_NOON, "20261122T120000Z") is None
    # a week of downtime: only the latest slot runs
    assert due_slot(schedule, SUNDAY_NOON, "20261115T120000Z") == "20261122T120000Z"
    assert due_slot(None, SUNDAY_NOON, None) is None
