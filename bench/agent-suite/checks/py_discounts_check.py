"""Hidden check for py-discounts-refactor: behaviour unchanged, one clamp helper used three times."""
import ast
import os
import sys
import unittest

sys.path.insert(0, os.getcwd())
from shop import discounts  # noqa: E402

SOURCE = open(os.path.join(os.getcwd(), "shop", "discounts.py"), encoding="utf-8").read()


class HiddenCheck(unittest.TestCase):
    def test_behaviour(self):
        self.assertEqual(discounts.member_price(10, 150), 0)
        self.assertEqual(discounts.member_price(10, -5), 10)
        self.assertEqual(discounts.bulk_price(2, 35, 10), 49)
        self.assertEqual(discounts.bulk_price(1, 500, 10), 0)
        self.assertEqual(discounts.coupon_price(8, {}), 8)
        self.assertEqual(discounts.coupon_price(8, {"percent": 25}), 6)

    def test_one_helper(self):
        self.assertEqual(discounts.clamp_percent(-1), 0)
        self.assertEqual(discounts.clamp_percent(101), 100)
        self.assertEqual(discounts.clamp_percent(42), 42)
        calls = [
            node
            for node in ast.walk(ast.parse(SOURCE))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "clamp_percent"
        ]
        self.assertGreaterEqual(len(calls), 3)
        self.assertLessEqual(SOURCE.count("percent = 100"), 1)


if __name__ == "__main__":
    unittest.main()
