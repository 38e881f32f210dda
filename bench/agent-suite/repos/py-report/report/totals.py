"""Totals over sales rows: each row is a dict with ``region`` and ``amount``."""


def summarize(rows):
    """Count, sum and mean of the amounts (mean is None for no rows)."""
    amounts = [row["amount"] for row in rows]
    total = sum(amounts)
    return {
        "count": len(amounts),
        "total": total,
        "mean": total / len(amounts) if amounts else None,
    }


def by_region(rows):
    """``summarize`` per region, regions in alphabetical order."""
    regions = sorted({row["region"] for row in rows})
    return {region: summarize([row for row in rows if row["region"] == region]) for region in regions}
