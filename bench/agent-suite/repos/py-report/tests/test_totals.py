import unittest

from report.totals import by_region, summarize


class TotalsTest(unittest.TestCase):
    def test_summary(self):
        self.assertEqual(summarize([{"region": "n", "amount": 2}, {"region": "s", "amount": 4}])["mean"], 3)

    def test_by_region(self):
        self.assertEqual(list(by_region([{"region": "s", "amount": 1}, {"region": "n", "amount": 1}])), ["n", "s"])


if __name__ == "__main__":
    unittest.main()
