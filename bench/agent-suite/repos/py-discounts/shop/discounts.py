"""Discounts: a percentage off a price, for members, for bulk orders and for coupons."""


def member_price(price, percent):
    """The price after a member discount of ``percent`` (clamped to 0..100)."""
    if percent < 0:
        percent = 0
    if percent > 100:
        percent = 100
    return round(price * (100 - percent) / 100, 2)


def bulk_price(price, quantity, percent_per_ten):
    """Every ten items add ``percent_per_ten`` percent off, up to 100."""
    percent = (quantity // 10) * percent_per_ten
    if percent < 0:
        percent = 0
    if percent > 100:
        percent = 100
    return round(price * quantity * (100 - percent) / 100, 2)


def coupon_price(price, coupon):
    """A coupon is ``{"percent": n}``; a missing percent is 0."""
    percent = coupon.get("percent", 0)
    if percent < 0:
        percent = 0
    if percent > 100:
        percent = 100
    return round(price * (100 - percent) / 100, 2)
