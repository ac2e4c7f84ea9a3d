"""Qt façades over the core (arrive with the desktop app)."""
