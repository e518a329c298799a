"""Citations judged by the configured chat model.

``citations`` finds the (claim, cited source) pairs of an answer: a deepref result
or report, or any Markdown report with links. ``model_judge`` asks the chat model
whether a passage supports a claim, in batches, with a cap and a cache. ``fact``
sums the verdicts up in DeepResearch Bench's FACT terms. ``deepref eval
citations`` (cli/evaluate.py) puts them together.
"""
