"""Frozen copies of the code the schema migrations run (migrations.py v3, v7, v8).

A migration that calls live code changes whenever that code does, so a file upgraded next year
would not be upgraded as it was when the migration shipped. Like simonw/llm's migrations, each one
here runs only what is in this package: copies taken when they were frozen, never edited since.
A later migration that needs newer behaviour freezes a fresh copy beside these.
"""
