"""The duration grammar: one or more ``<number><unit>`` parts, units d, h, m and s."""
import re

_PART = re.compile(r"(\d+)([dhms])")
_UNIT_SECONDS = {"d": 86400, "h": 3600, "m": 1, "s": 1}


def parse_duration(text: str) -> int:
    """The number of seconds in ``text``; ValueError when it is not a duration."""
    cleaned = text.strip().lower()
    parts = _PART.findall(cleaned)
    if not parts or "".join(n + u for n, u in parts) != cleaned:
        raise ValueError(f"not a duration: {text!r}")
    return sum(int(number) * _UNIT_SECONDS[unit] for number, unit in parts)
