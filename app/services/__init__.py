"""Qt services over the core (arrive with the desktop app)."""
