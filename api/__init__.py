"""The HTTP API and the viewer of jobs and report runs."""
