"""Every window works from the keyboard alone, and every control has a name for screen readers
(read through Qt's accessibility interface, as assistive technology reads it)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractScrollArea, QAbstractSpinBox, QComboBox, QScrollArea, QWidget

from app.services.types import PassphraseRequest
from app.ui.dialogs import NewProfileDialog, PassphraseDialog
from tests.ui.conftest import wait_ready


def _controls(window: QWidget) -> list[QWidget]:
    """What a keyboard user must be able to reach: visible, enabled, accepting Tab focus."""
    return [w for w in window.findChildren(QWidget)
            if w.isVisibleTo(window) and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus
            and not isinstance(w, QScrollArea) and w.window() is window and not _part_of_another(w)]


def _part_of_another(widget: QWidget) -> bool:
    """Qt's own insides (a spin box's line edit, a scroll area's viewport): the outer control counts."""
    parent = widget.parent()
    return (widget.objectName().startswith("qt_") or isinstance(parent, (QAbstractSpinBox, QComboBox))
            or isinstance(parent, QAbstractScrollArea) and parent.viewport() is widget)


def _name(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name).replace("&", "").strip() if interface else ""


def _tab_through(qtbot, window: QWidget) -> set[QWidget]:
    """Press Tab until focus comes back round; the widgets focus landed on."""
    window.activateWindow()
    window.setFocus()
    window.focusNextChild()
    seen: list[QWidget] = []
    for _ in range(200):
        current = window.focusWidget()
        if current is None or (seen and current is seen[0]):
            break
        seen.append(current)
        qtbot.keyClick(current, Qt.Key.Key_Tab)
    return set(seen)


def _check(qtbot, window: QWidget) -> None:
    controls = _controls(window)
    assert controls
    unnamed = [f"{type(w).__name__}({w.objectName()})" for w in controls if not _name(w)]
    assert unnamed == [], "controls without an accessible name"
    reached = _tab_through(qtbot, window)
    missed = [f"{type(w).__name__} {_name(w)!r}" for w in controls if w not in reached]
    assert missed == [], "controls Tab never reaches"


def test_the_main_window(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    _check(qtbot, window)
    assert {a.text().replace("&", "") for a in window.menuBar().actions()} >= {"File", "Conversation", "Memory",
                                                                               "Profile", "Help"}
    shortcuts = {a.shortcut().toString() for m in window.menuBar().actions() for a in m.menu().actions()}
    assert {"Ctrl+N", "Ctrl+R", "Esc", "Ctrl+M", "Ctrl+,", "Ctrl+Shift+P", "Ctrl+L", "Ctrl+Shift+D",
            "Ctrl+Shift+O"} <= shortcuts


def test_the_main_window_with_its_working_notes(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    window.notes_action.trigger()
    assert window.notes_dock.isVisible() and window.notes.editor in _controls(window)
    _check(qtbot, window)
    assert window.notes_action.shortcut().toString() == "Ctrl+Shift+N"


def test_the_memory_viewer(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_memories()
    _check(qtbot, window.memory_window)


def test_the_documents_page(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_documents()
    _check(qtbot, window.documents_window)


def test_the_settings_panel(qtbot, make_app) -> None:
    services, window = make_app()
    wait_ready(qtbot, window)
    window.open_settings()
    _check(qtbot, window.settings_dialog)


@pytest.mark.parametrize("creating", [False, True])
def test_the_passphrase_dialogs(qtbot, creating: bool) -> None:
    dialog = PassphraseDialog(PassphraseRequest("default", "the passphrase is wrong", creating))
    qtbot.addWidget(dialog)
    dialog.show()
    _check(qtbot, dialog)


def test_the_new_profile_dialog(qtbot) -> None:
    dialog = NewProfileDialog(["default"])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.with_passphrase.setChecked(True)
    _check(qtbot, dialog)
