from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from deepref.reports.definitions import DefinitionsCache, load_definitions
from deepref.reports.errors import DefinitionError

GOOD = """\
reports:
  - name: weekly
    title: Weekly
    questions: ["What is BM25?"]
    schedule: {cron: "0 9 * * MON", timezone: Europe/Paris}
    options: {provider: local, corpus_dir: corpus}
  - name: nightly
    title: Nightly
    template: "How does {item} work?"
    items: [bm25, footnotes]
    schedule: {every: 6h}
"""


def write(tmp_path, text, name="reports.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_valid_file_and_template(tmp_path):
    defs = load_definitions(write(tmp_path, GOOD))
    assert defs["nightly"].all_questions() == ["How does bm25 work?", "How does footnotes work?"]
    assert defs["weekly"].options.corpus_dir == str(tmp_path / "corpus")  # relative to the file
    assert defs["nightly"].schedule.interval.total_seconds() == 6 * 3600


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        ('cron: "0 9 * * MON"', 'cron: "61 * * * *"', "reports.yaml:5 (reports[0].schedule.cron)", "not a valid cron"),
        (
            "timezone: Europe/Paris",
            "timezone: Mars/Olympus",
            "reports.yaml:5 (reports[0].schedule.timezone)",
            "not a known time zone",
        ),
        ("{every: 6h}", "{every: soon}", "reports.yaml:11 (reports[1].schedule.every)", "not an interval"),
        ("    title: Nightly\n", "    titel: Nightly\n", "reports.yaml:7 (reports[1].title)", "Field required"),
        ("name: nightly", "name: weekly", "reports.yaml:1 (reports)", "unique"),
        ("name: nightly", "name: Night Ly", "reports.yaml:7 (reports[1].name)", "lower-case letters, digits"),
        (
            "options: {provider: local",
            "options: {provider: gopher",
            "reports.yaml:6 (reports[0].options.provider)",
            "unknown search provider 'gopher'",
        ),
        (
            "options: {provider: local",
            "options: {depth: deep, approve_plan: true, provider: local",
            "reports.yaml:6 (reports[0].options)",
            "approve_plan is for a job a person approves",
        ),
        (
            'template: "How does {item} work?"',
            'template: "How does it work?"',
            "reports.yaml:7 (reports[1])",
            "must contain '{item}'",
        ),
    ],
)
def test_errors_name_file_line_and_field(tmp_path, old, new, where, message):
    path = write(tmp_path, GOOD.replace(old, new))
    with pytest.raises(DefinitionError) as info:
        load_definitions(path)
    text = str(info.value)
    assert text.startswith(str(tmp_path / where.split(" ")[0])) and where.split(" ")[1] in text
    assert message in text


def test_yaml_syntax_error_has_a_line(tmp_path):
    with pytest.raises(DefinitionError, match=r"reports.yaml:4: not valid YAML"):
        load_definitions(write(tmp_path, "reports:\n  - name: x\n    title: [unclosed\n"))


def test_toml(tmp_path):
    path = write(tmp_path, '[[reports]]\nname = "t"\ntitle = "T"\nquestions = ["q?"]\n', "reports.toml")
    assert load_definitions(path)["t"].title == "T"
    bad = write(tmp_path, '[[reports]]\nname = "t"\n', "bad.toml")
    with pytest.raises(DefinitionError, match=r"bad.toml \(reports\[0\].title\)"):
        load_definitions(bad)


def test_missing_file():
    with pytest.raises(DefinitionError, match="DEEPREF_REPORTS_FILE"):
        load_definitions("/nonexistent/reports.yaml")


def test_cache_picks_up_changes_and_keeps_last_good(tmp_path):
    path = write(tmp_path, GOOD)
    cache = DefinitionsCache(path)
    assert set(cache.get()) == {"weekly", "nightly"}
    path.write_text(GOOD.replace("name: nightly", "name: nightly-2"))
    os.utime(path, (time.time() + 5, time.time() + 5))
    assert set(cache.get()) == {"weekly", "nightly-2"}
    path.write_text("reports: [oops")
    os.utime(path, (time.time() + 10, time.time() + 10))
    assert set(cache.get()) == {"weekly", "nightly-2"} and "not valid YAML" in cache.error


def test_readme_example_is_valid(tmp_path):
    """The definition users copy from the README loads as written."""
    from tests.conftest import REPO

    text = (REPO / "README.md").read_text(encoding="utf-8").split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "reports.yaml"
    path.write_text(text, encoding="utf-8")
    definitions = load_definitions(path)
    assert [len(d.all_questions()) for d in definitions.values()] == [2]


def test_shipped_example_file_points_at_the_shipped_corpus():
    """examples/reports.yaml is what docker-compose mounts: its corpus folder, relative
    to the file, must be the example corpus wherever the folder is mounted."""
    from tests.conftest import REPO

    definitions = load_definitions(REPO / "examples" / "reports.yaml")
    assert definitions
    for definition in definitions.values():
        assert Path(definition.options.corpus_dir) == REPO / "examples" / "corpus"
