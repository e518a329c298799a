"""BibTeX 0.99d itself as a reader of deepref's exports: a small style that prints every
entry's key, type and fields, found through BSTINPUTS and BIBINPUTS alone, so that
Debian's texlive-binaries (no TeX Live styles, no texmf.cnf search paths) is enough."""

from __future__ import annotations

import subprocess
from pathlib import Path

# a BibTeX style that prints each entry's key, type and fields, one per line; every
# standard entry type (and biblatex's online, software, dataset, report, thesis) has a
# function, since BibTeX warns of a type its style does not define
FIELDS_BST = """
ENTRY { title author url howpublished note year month date urldate } {} {}
FUNCTION {field.out}
{ duplicate$ empty$ { pop$ pop$ } { swap$ "=" * swap$ * write$ newline$ } if$ }
FUNCTION {default.type}
{ "KEY=" cite$ * write$ newline$
  "TYPE" type$ field.out
  "title" title field.out  "author" author field.out  "url" url field.out
  "howpublished" howpublished field.out  "note" note field.out
  "year" year field.out  "month" month field.out  "date" date field.out  "urldate" urldate field.out
}
FUNCTION {article} { default.type }
FUNCTION {book} { default.type }
FUNCTION {booklet} { default.type }
FUNCTION {inbook} { default.type }
FUNCTION {incollection} { default.type }
FUNCTION {inproceedings} { default.type }
FUNCTION {conference} { default.type }
FUNCTION {manual} { default.type }
FUNCTION {mastersthesis} { default.type }
FUNCTION {misc} { default.type }
FUNCTION {phdthesis} { default.type }
FUNCTION {proceedings} { default.type }
FUNCTION {techreport} { default.type }
FUNCTION {unpublished} { default.type }
FUNCTION {online} { default.type }
FUNCTION {software} { default.type }
FUNCTION {dataset} { default.type }
FUNCTION {report} { default.type }
FUNCTION {thesis} { default.type }
READ
ITERATE {call.type$}
"""


def read_bibtex(text: str, tmp_path: Path) -> list[dict[str, str]]:
    (tmp_path / "fields.bst").write_text(FIELDS_BST)
    (tmp_path / "refs.bib").write_text(text, encoding="utf-8")
    (tmp_path / "t.aux").write_text("\\citation{*}\n\\bibstyle{fields}\n\\bibdata{refs}\n")
    env = {"PATH": "/usr/bin:/bin", "BSTINPUTS": str(tmp_path), "BIBINPUTS": str(tmp_path)}
    run = subprocess.run(["bibtex", "-terse", "t"], cwd=tmp_path, env=env, capture_output=True, text=True)
    log = (tmp_path / "t.blg").read_text(errors="replace")
    assert run.returncode == 0, f"bibtex failed:\n{run.stdout}\n{log}"
    assert "Warning" not in log and "error" not in log.lower(), log
    # write$ breaks long lines at a space and indents the rest by two spaces
    bbl = (tmp_path / "t.bbl").read_text(encoding="utf-8").replace("\n  ", " ")
    entries: list[dict[str, str]] = []
    for line in bbl.splitlines():
        name, _, value = line.partition("=")
        if name == "KEY":
            entries.append({})
        entries[-1][name] = value
    return entries
