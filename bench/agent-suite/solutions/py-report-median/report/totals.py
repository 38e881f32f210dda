"""Totals over sales rows: each row is a dict with ``region`` and ``amount``."""


def _median(values):
    ordered = sorted(values)
    if not ordered:
        return None
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def summarize(rows):
    """Count, sum, mean and median of the amounts (mean and median are None for no rows)."""
    amounts = [row["amount"] for row in rows]
    total = sum(amounts)
    return {
        "count": len(amounts),
        "total": total,
        "mean": total / len(amounts) if amounts else None,
        "median": _median(amounts),
    }


def by_region(rows):
    """``summarize`` per region, regions in alphabetical order."""
    regions = sorted({row["region"] for row in rows})
    return {region: summarize([row for row in rows if row["region"] == region]) for region in regions}
