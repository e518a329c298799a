import reference


def test_all_names_exist_and_nothing_else_is_public():
    assert sorted(reference.__all__) == sorted(set(reference.__all__))
    for name in reference.__all__:
        assert hasattr(reference, name), name
    public = {
        n for n in vars(reference) if not n.startswith("_") and not isinstance(getattr(reference, n), type(reference))
    }
    assert public == set(reference.__all__)


def test_reference_does_no_io():
    """reference/ stays vendorable: no network, Redis, Celery or file access in its modules."""
    from pathlib import Path

    root = Path(reference.__path__[0])
    names = [p for p in root.glob("*.py") if p.name != "embedders.py"]  # get_embedder imports lazily
    for path in names:
        src = path.read_text()
        for forbidden in ("import aiohttp", "import redis", "import celery", "import openai", "open(", "requests"):
            assert forbidden not in src, f"{path.name} uses {forbidden}"
