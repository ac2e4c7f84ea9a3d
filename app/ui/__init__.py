"""Widgets (arrive with the desktop app)."""
