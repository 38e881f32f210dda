"""Discount rules for the shop's checkout."""
