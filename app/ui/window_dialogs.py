"""The main window's small dialogs: each one a method, so a test can replace it with an answer."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMainWindow, QMessageBox


class WindowDialogs(QMainWindow):
    def ask_save_path(self, title: str, name: str) -> tuple[str, str] | None:
        """(path, "md" or "json"), or None when cancelled."""
        markdown, json_filter = "Markdown, to read (*.md)", "JSON, to import again (*.json)"
        path, chosen = QFileDialog.getSaveFileName(self, title, f"{name}.md", f"{markdown};;{json_filter}")
        if not path:
            return None
        fmt = "json" if chosen == json_filter or path.lower().endswith(".json") else "md"
        return (path if "." in path.rsplit("/", 1)[-1] else f"{path}.{fmt}"), fmt

    def ask_text(self, title: str, label: str, text: str) -> tuple[str, bool]:
        return QInputDialog.getText(self, title, label, text=text)

    def ask_delete(self, title: str) -> bool | None:
        """True: also forget memories made from it; False: keep them; None: cancel."""
        box = QMessageBox(QMessageBox.Icon.Question, "Delete conversation",
                          f"Delete “{title}”?\n\nWhat Hearth remembered from it (episodes, facts, summaries) "
                          "can be forgotten too, or kept for future conversations.", parent=self)
        forget = box.addButton("Delete and &forget its memories", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Delete, &keep memories", QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        clicked = box.clickedButton()
        return True if clicked is forget else False if clicked is keep else None

    def confirm(self, title: str, text: str) -> bool:
        return QMessageBox.question(self, title, text) == QMessageBox.StandardButton.Yes

    def tell(self, title: str, text: str) -> None:
        QMessageBox.warning(self, title, text)

    def exec_dialog(self, dialog: QDialog) -> bool:
        return bool(dialog.exec())

    def about(self) -> None:
        from app import __version__

        QMessageBox.about(self, "About Hearth", f"Hearth {__version__}\nAn offline assistant that remembers.\n"
                                                "Everything stays on this computer.")

    def ask_close_anyway(self, problem: str) -> bool:
        """Typed notes would be lost: True closes anyway, False (the default) goes back to them."""
        box = QMessageBox(QMessageBox.Icon.Warning, "Working notes not saved",
                          f"{problem}\n\nIf Hearth closes now, those words are lost.", parent=self)
        back = box.addButton("&Go back to the notes", QMessageBox.ButtonRole.RejectRole)
        box.addButton("&Close and lose them", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(back)
        box.setEscapeButton(back)
        box.exec()
        return box.clickedButton() is not back
