"""Deep research: rounds of plan, search, fetch and read under a budget, then a
sectioned report (docs/pipeline.md, "Deep research").

- ``budget``: what a job may spend and whether the next step fits (pure).
- ``planning``: the prompts and the defensive reading of the answers (pure).
- ``rounds``: one round's I/O, its state stored as artifacts for resumption.
- ``report``: outline, sections, one reference list.
"""
