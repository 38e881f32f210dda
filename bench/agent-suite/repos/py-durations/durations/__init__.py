"""Parses human-written durations such as ``1h30m`` into seconds."""
from .parse import parse_duration

__all__ = ["parse_duration"]
