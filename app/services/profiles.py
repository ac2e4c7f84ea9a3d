"""The profiles service: open the profile at start, ask for a passphrase only when a key is the
problem, and switch, create, rename or delete profiles from the window.

Each profile is its own encrypted file with its own key (app/core/profiles.py). Jobs run on the
engine thread, since the engine's write connection is what changes hands.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from app.core.profiles import delete_profile, list_profiles, rename_profile
from app.errors import KeyProblem, KnownError
from app.services.session import Session
from app.services.types import Failure, PassphraseRequest, ProfileEntry, ProfileInfo, Progress
from app.services.worker import Worker, triage


OPENING = "opening the profile"  # _open reports its own failures; this names a bug's


class ProfileService(QObject):
    progress = Signal(Progress)
    opened = Signal(ProfileInfo)  # memory is ready (conversations, viewer)
    needs_passphrase = Signal(PassphraseRequest)  # only for key problems
    failed = Signal(Failure)  # the profile could not be opened, or a profile action failed
    profiles = Signal(tuple)  # tuple[ProfileEntry, ...]

    def __init__(self, session: Session, engine: Worker) -> None:
        super().__init__()
        self._session = session
        self._engine = engine
        self._asking: str | None = None  # the profile a passphrase was asked for

    # --- requests (GUI thread) ---------------------------------------------------------
    def open_initial(self) -> None:
        self._engine.submit(lambda: self._open(self._session.profile_name, starting=True), doing=OPENING)

    def retry(self) -> None:
        """Try the profile that could not be opened again (Profile → Unlock…)."""
        name = self._asking or self._session.profile_name
        self._engine.submit(lambda: self._open(name), doing=OPENING)

    def unlock(self, passphrase: str) -> None:
        """The passphrase for the profile that asked for one (to open it, or to create it)."""
        name = self._asking or self._session.profile_name
        self._engine.submit(lambda: self._open(name, passphrase=passphrase), doing=OPENING)

    def create_unencrypted(self) -> None:
        name = self._asking or self._session.profile_name
        self._engine.submit(lambda: self._open(name, no_encryption=True), doing=OPENING)

    def switch(self, name: str) -> None:
        self._engine.submit(lambda: self._open(name), doing=OPENING)

    def create(self, name: str, *, passphrase: str | None = None, no_encryption: bool = False) -> None:
        def job() -> None:
            if any(p.name.casefold() == name.casefold() for p in list_profiles(self._session.wiring.home)):
                raise KnownError(f"a profile called {name!r} already exists", "choose another name")
            self._open(name, passphrase=passphrase, no_encryption=no_encryption)
        self._engine.submit(job, doing="creating the profile", on_failure=self.failed.emit)

    def rename(self, old: str, new: str) -> None:
        self._engine.submit(lambda: self._rename(old, new), doing="renaming the profile",
                            on_failure=self.failed.emit)

    def delete(self, name: str) -> None:
        self._engine.submit(lambda: self._delete(name), doing="deleting the profile",
                            on_failure=self.failed.emit)

    def refresh(self) -> None:
        self._engine.submit(self._list, doing="listing profiles", on_failure=self.failed.emit)

    # --- engine thread -----------------------------------------------------------------
    def _open(self, name: str, *, passphrase: str | None = None, no_encryption: bool = False,
              starting: bool = False) -> None:
        if starting:
            self.progress.emit(Progress("opening your memory", 5))
        try:
            info = self._session.open_profile(name, passphrase, no_encryption)
        except KeyProblem as exc:
            self._asking = name
            self.needs_passphrase.emit(PassphraseRequest(name, exc.what, exc.creating))
            return
        except Exception as exc:  # noqa: BLE001 - read-only folder, newer schema, not a profile: say so
            self.failed.emit(triage(exc, f"opening profile {name!r}"))
            return
        self._asking = None
        self.opened.emit(info)
        self._list()

    def _rename(self, old: str, new: str) -> None:
        session = self._session
        open_now = session.profile if old == session.profile_name else None
        current = open_now is not None
        key = open_now.key if open_now is not None else None
        if current:
            session.close_profile()
        try:
            rename_profile(session.wiring.home, old, new, session.wiring.keychain,
                           uses_keychain=bool(key.hexkey) if key else None)
        finally:
            if current:  # reopen it under whichever name it now has, with the key it had
                renamed = new if (session.wiring.home / f"{new}.hearth").exists() else old
                self._open(renamed, passphrase=key.passphrase if key else None)
        self._list()

    def _delete(self, name: str) -> None:
        if name == self._session.profile_name and self._session.profile is not None:
            raise KnownError(f"{name!r} is the profile in use", "switch to another profile first, then delete it")
        delete_profile(self._session.wiring.home, name, self._session.wiring.keychain)
        self._list()

    def _list(self) -> None:
        current = self._session.profile_name if self._session.profile is not None else None
        self.profiles.emit(tuple(ProfileEntry(p.name, p.encrypted, p.size, p.modified, p.name == current)
                            for p in list_profiles(self._session.wiring.home)))

