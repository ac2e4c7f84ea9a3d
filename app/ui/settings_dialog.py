"""The settings panel. Every field's range comes from the settings schema, so an
invalid value can't be typed; OK saves and applies without a restart (a new
model reloads, with progress in the main window's status bar)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
    QPlainTextEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget,
)

from app.core.settings import SPECS
from app.core.types import user_part
from app.ui.actions import debounced

PREVIEW_DELAY_MS = 300


class SettingsDialog(QDialog):
    def __init__(self, engine: Any, current: dict, last_question: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Hearth — Settings")
        self.setMinimumWidth(620)
        self.engine = engine
        self.last_question = last_question
        self.fields: dict[str, QWidget] = {}
        self._build(current)
        engine.models_found.connect(self._on_models)
        engine.preview.connect(self._on_preview)
        engine.request_find_models.emit()
        self._preview_timer = debounced(self, PREVIEW_DELAY_MS, self._ask_preview)
        for key in ("top_k", "threshold"):
            self.fields[key].valueChanged.connect(self._preview_timer.start)
        self._ask_preview()

    # --- layout -----------------------------------------------------------------
    def _build(self, current: dict) -> None:
        form = QFormLayout()
        for key in ("window_turns", "top_k", "threshold"):
            form.addRow(_label(key), self._number(key, current[key]))
            form.addRow("", _hint(SPECS[key].help))
        self.preview_label = QLabel("")
        self.preview_label.setWordWrap(True)
        self.preview_label.setAccessibleName("Recall preview")
        form.addRow("Preview", self.preview_label)
        form.addRow("Model file", self._model_row(current["model_path"]))
        self.model_warning = QLabel("")
        self.model_warning.setWordWrap(True)
        self.model_warning.setAccessibleName("Model file warning")
        self.model_warning.setVisible(False)
        form.addRow("", self.model_warning)
        for key in ("context_size", "threads", "temperature", "max_reply_tokens"):
            form.addRow(_label(key), self._number(key, current[key]))
        prompt = QPlainTextEdit(current["system_prompt"])
        prompt.setAccessibleName("System prompt")
        prompt.setMaximumHeight(90)
        self.fields["system_prompt"] = prompt
        form.addRow("System prompt", prompt)
        form.addRow("Answers from memory", self._choice("answer_style", current, ANSWER_STYLES))
        form.addRow("", _hint("For a question about you, Hearth can quote what you told it instead of "
                              "letting a small model paraphrase (and invent)"))
        form.addRow("Theme", self._choice("theme", current, THEMES))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)

    def _choice(self, key: str, current: dict, options: tuple[tuple[str, str], ...]) -> QComboBox:
        box = QComboBox()
        box.setAccessibleName(_label(key))
        for value, text in options:
            box.addItem(text, value)
        box.setCurrentIndex(max(0, box.findData(current[key])))
        self.fields[key] = box
        return box

    def _number(self, key: str, value: float) -> QWidget:
        spec = SPECS[key]
        box = QSpinBox() if spec.kind is int else QDoubleSpinBox()
        if spec.kind is float:
            box.setDecimals(2)
            box.setSingleStep(0.05)
        box.setRange(spec.low, spec.high)  # out-of-range values can't be entered at all
        box.setValue(value)
        box.setAccessibleName(_label(key))
        box.setToolTip(spec.help)
        if key == "threads":
            box.setSpecialValueText("auto (one per core)")
        self.fields[key] = box
        return box

    def _model_row(self, path: str) -> QWidget:
        self.model_combo = QComboBox()
        self.model_combo.setEditable(True)
        self.model_combo.setAccessibleName("Model file")
        self.model_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.model_combo.lineEdit().setPlaceholderText("the bundled SmolLM2-135M-Instruct")
        self.model_combo.setEditText(path)
        self.model_combo.activated.connect(self._picked)
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QWidget()
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.model_combo, 1)
        layout.addWidget(browse)
        return row

    # --- behaviour -----------------------------------------------------------------
    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Choose a GGUF model", "", "GGUF models (*.gguf)")
        if path:
            self.model_combo.setEditText(path)

    @Slot(list)
    def _on_models(self, found: list) -> None:
        """GGUF files on this machine; a file that may chat badly says so (tooltip and a ⚠ mark)."""
        text = self.model_combo.currentText()
        self.model_combo.clear()
        for model in found:
            mark = "  ⚠ may not chat well" if model["warnings"] else ""
            self.model_combo.addItem(model["path"] + mark, model["path"])
            self.model_combo.setItemData(self.model_combo.count() - 1, "\n".join(model["warnings"]),
                                         Qt.ItemDataRole.ToolTipRole)
        self.model_combo.setEditText(text)

    def _picked(self, index: int) -> None:
        """The path itself goes in the field, not the ⚠ label; the warning stays visible below."""
        self.model_combo.setEditText(self.model_combo.itemData(index) or "")
        warning = self.model_combo.itemData(index, Qt.ItemDataRole.ToolTipRole) or ""
        self.model_warning.setText(warning)
        self.model_warning.setVisible(bool(warning))

    def _ask_preview(self) -> None:
        if not self.last_question:
            self.preview_label.setText("Ask something first: the preview shows what your last question would recall.")
            return
        self.engine.request_preview.emit(self.last_question, self.fields["top_k"].value(),
                                         self.fields["threshold"].value())

    @Slot(list)
    def _on_preview(self, rows: list) -> None:
        if not rows:
            self.preview_label.setText(f"With these values, “{self.last_question}” would recall nothing.")
            return
        items = "; ".join(f"{_memory_text(r)[:60]} ({r['score']:.2f})" for r in rows)
        self.preview_label.setText(f"With these values, “{self.last_question}” would recall: {items}")

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, widget in self.fields.items():
            if isinstance(widget, (QSpinBox, QDoubleSpinBox)):
                out[key] = widget.value()
            elif isinstance(widget, QPlainTextEdit):
                out[key] = widget.toPlainText()
            elif isinstance(widget, QComboBox):
                out[key] = widget.currentData()
        out["model_path"] = self.model_combo.currentText().strip()
        return out

    def accept(self) -> None:
        self.engine.request_apply_settings.emit(self.values())
        super().accept()


THEMES = (("system", "Follow system"), ("light", "Light"), ("dark", "Dark"))
ANSWER_STYLES = (("auto", "Quote what you told me (small models), answer freely (large ones)"),
                 ("quote", "Quote what you told me"), ("quote+model", "Quote it, then let the model go on"),
                 ("free", "Let the model answer on its own"))


def _memory_text(row: dict) -> str:
    return " ".join(user_part(row["text"]).split())


def _label(key: str) -> str:
    return {"window_turns": "Short-term window (turns)", "top_k": "Memories recalled (top-k)",
            "threshold": "Similarity threshold", "context_size": "Context size (tokens)", "threads": "Threads",
            "answer_style": "Answers from memory", "theme": "Theme",
            "temperature": "Temperature", "max_reply_tokens": "Reply length (tokens)"}[key]


def _hint(text: str) -> QLabel:
    label = QLabel(text[:1].upper() + text[1:] + ".")
    label.setEnabled(False)  # the style's own "disabled text" colour: legible in light and dark
    label.setWordWrap(True)
    return label
