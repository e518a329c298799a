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


def work(n, **ids):
    return SearchHit(f"https://doi.org/10.1000/w{n}", f"Work {n}", "", "crossref", "q", n, scholarly=True, **ids)


def test_works_count_as_themselves_not_as_their_resolver_host():
    """Issue 32, item 2: Crossref's 20 distinct works all sit on doi.org; the host cap
    (3) kept 3 of them. Works with a DOI, arXiv id or PMID are not capped by host;
    web pages and identifier-less records still are."""
    crossref = [work(n, doi=f"10.1000/w{n}") for n in range(1, 21)]
    merged = merge_hits([crossref], limit=12, max_per_host=3)
    assert [h.doi for h in merged] == [f"10.1000/w{n}" for n in range(1, 13)]

    arxiv = [
        SearchHit(f"https://arxiv.org/abs/2001.0000{n}", f"P{n}", "", "arxiv", "q", n, arxiv_id=f"2001.0000{n}")
        for n in range(1, 6)
    ]
    pubmed = [
        SearchHit(f"https://pubmed.ncbi.nlm.nih.gov/{n}/", f"M{n}", "", "pubmed", "q", n, pmid=str(n))
        for n in range(1, 6)
    ]
    pages = [hit(f"https://doi.org/page{n}") for n in range(1, 6)]  # web pages on that host: capped
    merged = merge_hits([arxiv, pubmed, pages], limit=50, max_per_host=3)
    assert len([h for h in merged if h.arxiv_id]) == 5 and len([h for h in merged if h.pmid]) == 5
    assert [h.url for h in merged if not h.arxiv_id and not h.pmid] == [f"https://doi.org/page{n}" for n in (1, 2, 3)]


def test_a_denied_host_still_denies_works():
    crossref = [work(n, doi=f"10.1000/w{n}") for n in range(1, 4)]
    assert merge_hits([crossref], limit=12, max_per_host=3, deny_hosts=["doi.org"]) == []
