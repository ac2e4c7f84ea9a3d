"""Hearth: an offline desktop assistant that remembers."""

__version__ = "0.1.0"
