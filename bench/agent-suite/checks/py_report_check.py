"""Hidden check for py-report-median."""
import os
import sys
import unittest

sys.path.insert(0, os.getcwd())
from report.totals import by_region, summarize  # noqa: E402


def rows(*amounts, region="n"):
    return [{"region": region, "amount": amount} for amount in amounts]


class HiddenCheck(unittest.TestCase):
    def test_odd(self):
        self.assertEqual(summarize(rows(5, 1, 3))["median"], 3)

    def test_even(self):
        self.assertEqual(summarize(rows(4, 1, 3, 2))["median"], 2.5)

    def test_empty(self):
        self.assertIsNone(summarize([])["median"])

    def test_rest_unchanged(self):
        summary = summarize(rows(1, 2))
        self.assertEqual((summary["count"], summary["total"], summary["mean"]), (2, 3, 1.5))
        self.assertEqual(by_region(rows(1, 3, region="s"))["s"]["median"], 2)


if __name__ == "__main__":
    unittest.main()
