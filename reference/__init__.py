"""deepref's reference engine: answers in, verified footnotes out. Pure: no I/O."""
