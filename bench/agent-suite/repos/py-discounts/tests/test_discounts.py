import unittest

from shop.discounts import bulk_price, coupon_price, member_price


class DiscountsTest(unittest.TestCase):
    def test_member(self):
        self.assertEqual(member_price(10, 10), 9)

    def test_bulk(self):
        self.assertEqual(bulk_price(1, 20, 5), 18)

    def test_coupon(self):
        self.assertEqual(coupon_price(10, {"percent": 50}), 5)


if __name__ == "__main__":
    unittest.main()
