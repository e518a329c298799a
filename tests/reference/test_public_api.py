from deepref import reference


def test_all_names_exist_and_nothing_else_is_public():
    assert sorted(reference.__all__) == sorted(set(reference.__all__))
    for name in reference.__all__:
        assert hasattr(reference, name), name
    public = {
        n for n in vars(reference) if not n.startswith("_") and not isinstance(getattr(reference, n), type(reference))
    }
    assert public == set(reference.__all__)
