"""Scheduled bulk reports: definitions, schedules, runs, storage and change summaries."""
