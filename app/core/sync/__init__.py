"""Sync: one memory across a person's computers, through a folder a sync tool keeps in step.

Each device appends its changes to its own journal in the shared folder (``journal.py``): segment
files written once under a temporary name, renamed into place and never changed again, so a
folder-sync tool (Syncthing, Nextcloud, Dropbox) never sees two writers of one file. Every segment
is sealed with AES-GCM under a sync key only linked devices hold (``seal.py``).

Changes are captured by triggers (``tables.py``) into a dirty list; ``export.py`` turns dirty rows
into field-level operations stamped by a hybrid logical clock (``hlc.py``); ``apply.py`` applies
other devices' operations idempotently and in any order: per field the latest clock wins, a
deleted record stays deleted (a tombstone), a row waiting for something it refers to waits in
``sync_pending``. ``dump.py`` is the canonical form two converged devices share byte for byte.
``folder.py`` is the facade the command line, the engine and the app use.
"""
