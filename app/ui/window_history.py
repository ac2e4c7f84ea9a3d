"""The main window's chat history in and out: File → Import chat history…, Export conversation…,
Export all conversations…; the outcome in the status bar (or a message when it failed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.services.types import ExportDone, Failure, ImportSummary
from app.ui.window_documents import DocumentActions

if TYPE_CHECKING:
    from app.services.chat import ChatService
    from app.services.settings import SettingsService
    from app.ui.import_dialog import ImportDialog


class HistoryActions(DocumentActions):
    chat: ChatService
    settings: SettingsService
    import_dialog: ImportDialog | None = None

    def open_import(self) -> None:
        from app.ui.import_dialog import ImportDialog

        dialog = self.import_dialog
        if dialog is None:
            dialog = self.import_dialog = ImportDialog(self.services.history, self)
            dialog.follow_loading(self.settings.progress)
            dialog.finished_import.connect(self._on_imported)
        dialog.pages.setCurrentIndex(0 if not dialog.running else 1)
        dialog.show()
        dialog.raise_()

    def _on_imported(self, summary: ImportSummary) -> None:
        self.chat.refresh()
        self.statusBar().showMessage(summary.lines[0], 10_000)

    def export_conversation(self) -> None:
        if not self.panel.conversation_id:  # 0: a new conversation, nothing saved yet
            self.tell("Export conversation", "Open a conversation first (or use File → Export all conversations).")
            return
        self._export(self.panel.conversation_id)

    def export_all_conversations(self) -> None:
        self._export(None)

    def _export(self, conversation_id: int | None) -> None:
        chosen = self.ask_save_path("Export conversation" if conversation_id else "Export all conversations",
                                    "conversation" if conversation_id else "conversations")
        if chosen is not None:
            self.services.history.export(chosen[0], chosen[1], conversation_id, on_failure=self._on_export_failed)

    def _on_exported(self, done: ExportDone) -> None:
        noun = "conversation" if done.count == 1 else "conversations"
        self.statusBar().showMessage(f"Exported {done.count} {noun} to {done.path} — plain text, unlike the "
                                     "encrypted profile: keep it private.", 15_000)

    def _on_export_failed(self, failure: Failure) -> None:
        self.tell("Export failed", str(failure))

