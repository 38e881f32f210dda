"""Hidden check for py-durations-minutes: run from the result tree."""
import os
import sys
import unittest

sys.path.insert(0, os.getcwd())
from durations import parse_duration  # noqa: E402


class HiddenCheck(unittest.TestCase):
    def test_minutes(self):
        self.assertEqual(parse_duration("1h30m"), 5400)
        self.assertEqual(parse_duration("90m"), 5400)
        self.assertEqual(parse_duration("1d2h3m4s"), 93784)

    def test_still_strict(self):
        self.assertEqual(parse_duration(" 2H "), 7200)
        for bad in ["", "m", "1x", "1h 30m", "-1h"]:
            with self.assertRaises(ValueError):
                parse_duration(bad)


if __name__ == "__main__":
    unittest.main()
