from deepref.search.merge import merge_hits
from deepref.search.models import SearchHit


def hit(url, query="q", rank=1):
    return SearchHit(url, url, "", "test", query, rank)


def test_dedup_interleave_caps_and_lists():
    q1 = [
        hit("https://a.example/1?utm_source=x"),
        hit("https://a.example/2"),
        hit("https://a.example/3"),
        hit("https://spam.example/"),
    ]
    q2 = [
        hit("HTTPS://A.example/1/#top"),
        hit("https://b.example/"),
        hit("https://sub.spam.example/x"),
        hit("javascript:alert(1)"),
    ]
    merged = merge_hits([q1, q2], limit=10, max_per_host=2, deny_hosts=["spam.example"])
    assert [h.url for h in merged] == ["https://a.example/1?utm_source=x", "https://a.example/2", "https://b.example/"]


def test_allow_list_and_limit():
    hits = [hit("https://a.example/"), hit("https://docs.b.example/"), hit("https://c.example/")]
    assert [h.url for h in merge_hits([hits], limit=10, max_per_host=5, allow_hosts=["b.example"])] == [
        "https://docs.b.example/"
    ]
    assert len(merge_hits([hits], limit=2, max_per_host=5)) == 2


def test_no_allow_list_allows_any_host_and_an_empty_one_allows_none():
    """None and () differ: a job whose allow list shares no host with the operator's
    (worker/jobs/limits.py) gets an empty one, and must get no page at all."""
    hits = [hit("https://a.example/"), hit("https://b.example/")]
    assert len(merge_hits([hits], limit=10, max_per_host=5, allow_hosts=None)) == 2
    assert merge_hits([hits], limit=10, max_per_host=5, allow_hosts=()) == []
