"""Discounts: a percentage off a price, for members, for bulk orders and for coupons."""


def clamp_percent(value):
    """``value`` limited to 0..100."""
    return max(0, min(100, value))


def member_price(price, percent):
    """The price after a member discount of ``percent`` (clamped to 0..100)."""
    return round(price * (100 - clamp_percent(percent)) / 100, 2)


def bulk_price(price, quantity, percent_per_ten):
    """Every ten items add ``percent_per_ten`` percent off, up to 100."""
    percent = clamp_percent((quantity // 10) * percent_per_ten)
    return round(price * quantity * (100 - percent) / 100, 2)


def coupon_price(price, coupon):
    """A coupon is ``{"percent": n}``; a missing percent is 0."""
    return round(price * (100 - clamp_percent(coupon.get("percent", 0))) / 100, 2)
