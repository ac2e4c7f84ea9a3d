"""The main window's Profile menu and what opening a profile shows: switch, create, rename, delete,
unlock. A part of ``MainWindow`` kept in its own module (the window was too big to read at once)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QInputDialog, QLabel, QMenu

from app.services.types import Failure, PassphraseRequest, ProfileEntry, ProfileInfo
from app.ui.dialogs import NewProfileDialog, PassphraseDialog
from app.ui.window_dialogs import WindowDialogs

if TYPE_CHECKING:
    from app.services.chat import ChatService
    from app.services.desktop import Desktop
    from app.services.profiles import ProfileService
    from app.ui.chat_panel import ChatPanel
    from app.ui.chat_view import ChatView
    from app.ui.context_bar import ContextBar
    from app.ui.memory_window import MemoryWindow
    from app.ui.notes_panel import NotesPanel


class ProfileActions(WindowDialogs):
    # What this part uses of the window (MainWindow sets them up).
    services: Desktop
    profiles: ProfileService
    profile: ProfileInfo | None
    panel: ChatPanel
    notes: NotesPanel
    chat: ChatService
    chat_view: ChatView
    lock_label: QLabel
    model_label: QLabel
    context_label: QLabel
    context_bar: ContextBar
    memory_window: MemoryWindow | None
    profile_menu: QMenu
    _profile_group: QActionGroup
    _profile_entries: tuple[ProfileEntry, ...]
    _action: Callable[..., QAction]  # a menu entry with its shortcut and slot

    def _on_profile_opened(self, info: ProfileInfo) -> None:
        self.profile = info
        self.setWindowTitle(f"Hearth — {info.name}")
        self.lock_label.setText("Encrypted" if info.encrypted else "Not encrypted")
        self.lock_label.setToolTip(f"{info.path}\nkey: {info.key_where}")
        self.panel.profile_opened(info)
        self.statusBar().showMessage(f"Profile “{info.name}” is open.", 5000)
        self.context_bar.setVisible(False)  # the last turn was another profile's
        self.notes.profile_changed()
        self.context_label.setText("")
        self.chat.refresh()
        if self.memory_window is not None:
            self.memory_window.profile_changed(info)

    def _on_needs_passphrase(self, request: PassphraseRequest) -> None:
        """Only a key problem lands here (wrong or missing key, no keychain for a new profile)."""
        choice, passphrase = self.ask_passphrase(request)
        if choice in ("unlock", "passphrase"):
            self.statusBar().showMessage("Opening your memory…", 5000)
            self.profiles.unlock(passphrase or "")
        elif choice == "unencrypted":
            self.profiles.create_unencrypted()
        elif self.profile is None:
            self._show_problem(f"Profile “{request.profile}” is locked", f"{request.what}",
                               "Use Profile → Unlock… to try again, or choose another profile.")

    def ask_passphrase(self, request: PassphraseRequest) -> tuple[str | None, str | None]:
        dialog = PassphraseDialog(request, self)
        dialog.exec()
        return dialog.choice, dialog.passphrase()

    def _on_profile_failed(self, failure: Failure) -> None:
        if self.profile is None:  # nothing open: say it where the conversation would be
            self._show_problem("Hearth could not open your profile", failure.what, failure.fix)
        else:
            self.tell("Profile", f"{failure.what}.\n\n{failure.fix}")
        self.statusBar().showMessage(str(failure), 30_000)

    def _show_problem(self, title: str, what: str, fix: str) -> None:
        self.chat_view.show_welcome(f"<h2>{html.escape(title)}</h2><p>{html.escape(what)}.</p>"
                                    f"<p><b>What to do:</b> {html.escape(fix)}</p>")
        self.model_label.setText(title)

    def _on_profiles(self, entries: tuple[ProfileEntry, ...]) -> None:
        self._profile_entries = entries
        self._rebuild_profile_menu()

    def _rebuild_profile_menu(self) -> None:
        menu = self.profile_menu
        menu.clear()
        for entry in self._profile_entries:
            action = QAction(entry.name if entry.encrypted else f"{entry.name} (not encrypted)", self)
            action.setCheckable(True)
            action.setChecked(entry.current)
            action.triggered.connect(lambda _checked=False, name=entry.name: self.switch_profile(name))
            self._profile_group.addAction(action)
            menu.addAction(action)
        if self._profile_entries:
            menu.addSeparator()
        self._action(menu, "&New profile…", None, self.new_profile)
        self._action(menu, "&Rename this profile…", None, self.rename_profile)
        self._action(menu, "&Delete a profile…", None, self.delete_profile)
        self._action(menu, "&Unlock…", None, self.profiles.retry)

    def switch_profile(self, name: str) -> None:
        problem = ("Wait for the reply to finish (or press Esc) before switching profiles." if self.panel.streaming
                   else self.notes.unsaved_problem())
        if problem:
            self.statusBar().showMessage(problem)
            self._rebuild_profile_menu()
            return
        self.notes.flush()  # queued before the switch: it lands in this profile
        self.profiles.switch(name)

    def new_profile(self) -> None:
        if problem := self.notes.unsaved_problem():
            self.statusBar().showMessage(problem)
            return
        dialog = NewProfileDialog([e.name for e in self._profile_entries], self)
        if self.exec_dialog(dialog):
            name, passphrase, plain = dialog.result_values()
            self.notes.flush()  # the new profile opens once created: the draft goes to this one first
            self.profiles.create(name, passphrase=passphrase, no_encryption=plain)

    def rename_profile(self) -> None:
        if self.profile is None:
            return
        name, ok = self.ask_text("Rename profile", "New name:", self.profile.name)
        if ok and name.strip() and name.strip() != self.profile.name:
            self.profiles.rename(self.profile.name, name.strip())

    def delete_profile(self) -> None:
        others = [e.name for e in self._profile_entries if not e.current]
        if not others:
            self.tell("Delete a profile", "This is the only profile. Create another one first: the profile in use "
                                          "can't be deleted.")
            return
        name, ok = QInputDialog.getItem(self, "Delete a profile", "Profile to delete (not the one in use):",
                                        others, 0, False)
        if ok and self.confirm(f"Delete profile “{name}”?",
                               f"Every conversation and memory in “{name}” is deleted for good, with its key. "
                               "This cannot be undone."):
            self.profiles.delete(name)
