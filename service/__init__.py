"""Baohuang (保皇) referee: adjudicates recorded games and scores them."""

__version__ = "0.1.0"
