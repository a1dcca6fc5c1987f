"""Gelateria: four ice-cream table games, rules in pure Python."""

__version__ = "0.1.0"
