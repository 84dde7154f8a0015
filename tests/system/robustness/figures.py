"""Figures the robustness suite reports at the end of the run (see tests/conftest.py)."""

from collections import Counter

FIGURES: Counter[str] = Counter()
