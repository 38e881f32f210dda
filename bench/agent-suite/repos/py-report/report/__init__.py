"""Summaries of sales rows for the weekly report."""
