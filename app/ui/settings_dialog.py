"""The settings panel. Every field's range comes from the settings schema, so an invalid value
can't be typed. OK applies: a new model is loaded first and only then is anything saved — if it
fails, the panel stays open and says why, and nothing changed. It always opens, even when the
model did not load (then it says so and offers the last model that worked).

One dialog at a time, deleted when closed (its connections go with it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFileDialog, QFormLayout, QLabel,
    QLineEdit, QPlainTextEdit, QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget,
)

from app.core.settings import AUTO, BUNDLED, SPECS
from app.core.types import user_part
from app.services.types import Failure, ModelFile, Preview, SettingsState
from app.ui.actions import debounced
from app.ui.layouts import form_row
from app.ui.settings_speech import add_speech_rows

if TYPE_CHECKING:
    from app.services.settings import SettingsService
    from app.services.sync import SyncService
    from app.ui.sync_page import SyncPage

PREVIEW_DELAY_MS = 300


class SettingsDialog(QDialog):
    def __init__(self, service: SettingsService, last_question: str | None, parent: QWidget | None = None, *,
                 sync: SyncService | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle("Hearth — Settings")
        self.setMinimumWidth(640)
        self.service = service
        self.last_question = last_question
        self.fields: dict[str, QWidget] = {}  # by setting key; the numbers are also in ``numbers``
        self.numbers: dict[str, QSpinBox | QDoubleSpinBox] = {}
        self.sync_page: SyncPage | None = None
        self._sync_service = sync
        state = service.current
        self._build(state)
        service.models.connect(self._on_models)
        service.preview.connect(self._on_preview)
        service.applied.connect(self._on_applied)
        service.failed.connect(self._on_failed)
        service.find_models()
        self._preview_timer = debounced(self, PREVIEW_DELAY_MS, self._ask_preview)
        for key in ("top_k", "threshold"):
            self.numbers[key].valueChanged.connect(self._preview_timer.start)
        self._ask_preview()

    # --- layout -----------------------------------------------------------------------------
    def _numbers_with_hints(self, form: QFormLayout, keys: tuple[str, ...], current: dict[str, Any],
                            state: SettingsState) -> None:
        for key in keys:  # each field with what it does under it
            form.addRow(_label(key), self._number(key, current[key], state))
            form.addRow("", _hint(SPECS[key].help))

    def _build(self, state: SettingsState) -> None:
        current = state.settings.to_dict()  # the form's fields are named by key
        form = QFormLayout()
        self.notice = QLabel(self._notice_text(state))
        self.notice.setWordWrap(True)
        self.notice.setAccessibleName("Notice")
        self.notice.setVisible(bool(self.notice.text()))
        self._numbers_with_hints(form, ("window_turns", "top_k", "threshold"), current, state)
        self.preview_label = QLabel("")
        self.preview_label.setWordWrap(True)
        self.preview_label.setAccessibleName("Recall preview")
        form.addRow("Preview", self.preview_label)
        self._numbers_with_hints(form, ("docs_top_k", "docs_threshold"), current, state)
        form.addRow("&Model file", self._model_row(current["model_path"], state))
        self.model_warning = QLabel("")
        self.model_warning.setWordWrap(True)
        self.model_warning.setAccessibleName("Model file warning")
        self.model_warning.setVisible(False)
        form.addRow("", self.model_warning)
        for key in ("context_size", "threads", "temperature", "max_reply_tokens"):
            form.addRow(_label(key), self._number(key, current[key], state))
        prompt = QPlainTextEdit(current["system_prompt"])
        prompt.setAccessibleName("System prompt")
        prompt.setMaximumHeight(90)
        prompt.setTabChangesFocus(True)
        self.fields["system_prompt"] = prompt
        form.addRow("S&ystem prompt", prompt)
        form.addRow("&Answers from memory", self._choice("answer_style", current, ANSWER_STYLES))
        form.addRow("", _hint("For a question about you, Hearth can quote what you told it instead of "
                              "letting a small model paraphrase (and invent)"))
        form.addRow("T&heme", self._choice("theme", current, THEMES))
        add_speech_rows(form, current, self.fields)
        self._other_programs(form, current, state)
        self._sync(form)
        self.error_label = QLabel("")
        self.error_label.setWordWrap(True)
        self.error_label.setAccessibleName("Error")
        self.error_label.setStyleSheet("color: #c0392b")
        self.error_label.setVisible(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        body = QWidget()
        body.setLayout(form)
        self.scroll_area = scroll = QScrollArea()
        scroll.setWidget(body)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.addWidget(self.notice)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.resize(700, 760)

    def _other_programs(self, form: QFormLayout, current: dict[str, Any], state: SettingsState) -> None:
        """MCP's read-only switch; the OpenAI-compatible API's switch, port and token to copy."""
        read_only = QCheckBox("Other tools may only &read memories")
        read_only.setChecked(bool(current["mcp_read_only"]))
        self.fields["mcp_read_only"] = read_only
        form.addRow("Other tools (MCP)", read_only)
        form.addRow("", _hint("Programs connected through `hearth mcp` (Claude Desktop, VS Code …) can search your "
                              "memories; checked, they can't add or forget any. Memories that look like passwords, "
                              "PINs or keys are never shown to them unless you share them in Memories"))
        http = QCheckBox("Serve an OpenAI-compatible &API on this computer")
        http.setChecked(bool(current["http_api"]))
        self.fields["http_api"] = http
        form.addRow("Other programs (API)", http)
        form.addRow(_label("http_port"), self._number("http_port", current["http_port"], state))
        form.addRow("API &token", self._token_row())
        form.addRow("", _hint("While Hearth is open (or `hearth serve` runs), programs that speak OpenAI's API use "
                              "http://127.0.0.1:PORT/v1 with this token as their key; each message is a Hearth turn "
                              "that recalls and remembers. Only this computer can connect"))

    def _sync(self, form: QFormLayout) -> None:
        """Settings → Sync (app/ui/sync_page.py): it acts at once, not on OK."""
        if self._sync_service is None:
            return
        from app.ui.sync_page import SyncPage

        self.sync_heading = QLabel("<b>Sync</b>")
        self.sync_heading.setAccessibleName("Sync")
        form.addRow(self.sync_heading)
        self.sync_page = SyncPage(self._sync_service, self)
        form.addRow(self.sync_page)

    def show_sync(self) -> None:
        """Scroll to Settings → Sync (the status bar's sync label opens the panel there)."""
        if self.sync_page is not None:
            self.scroll_area.verticalScrollBar().setValue(self.sync_heading.y() - 8)  # its heading at the top

    def _token_row(self) -> QWidget:
        self.token = QLineEdit()
        self.token.setReadOnly(True)
        self.token.setEchoMode(QLineEdit.EchoMode.Password)  # a key: not for whoever looks at the screen
        self.token.setPlaceholderText("reading…")
        self.token.setAccessibleName("API token")
        show = QPushButton("Sho&w")
        show.setCheckable(True)
        show.setAccessibleName("Show the API token")
        show.toggled.connect(lambda shown: self.token.setEchoMode(
            QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password))
        copy = QPushButton("Cop&y")
        copy.setAccessibleName("Copy the API token")
        copy.clicked.connect(self._copy_token)
        self.service.api_token.connect(self._on_token)
        self.service.ask_api_token()
        return form_row(self.token, show, copy)

    def _on_token(self, token: str, where: str) -> None:
        self.token.setText(token)
        self.token.setToolTip(f"Kept in {where}")

    def _copy_token(self) -> None:
        QGuiApplication.clipboard().setText(self.token.text())

    def _notice_text(self, state: SettingsState) -> str:
        lines = [state.notice] if state.notice else []
        if state.overridden:
            lines.append(f"Set for this run only (not saved unless you change them here): {', '.join(state.overridden)}.")
        problem = state.model_problem
        if problem is not None:
            offer = (" The last model that worked is selected below; press OK to use it." if problem.fallback
                     else "")
            lines.append(f"⚠ The model could not load: {problem.what}. {problem.fix}.{offer}")
        return "\n".join(lines)

    def _choice(self, key: str, current: dict[str, Any], options: tuple[tuple[str, str], ...]) -> QComboBox:
        box = QComboBox()
        box.setAccessibleName(_label(key).replace("&", ""))
        for value, text in options:
            box.addItem(text, value)
        box.setCurrentIndex(max(0, box.findData(current[key])))
        self.fields[key] = box
        return box

    def _number(self, key: str, value: float, state: SettingsState) -> QWidget:
        spec = SPECS[key]
        low, high = spec.low or 0, spec.high or 0  # every number setting has its range (core/limits.py)
        box: QSpinBox | QDoubleSpinBox
        if spec.kind is float:
            box = QDoubleSpinBox()
            box.setDecimals(2)
            box.setSingleStep(0.05)
            box.setRange(float(low), float(high))  # out-of-range values can't be entered at all
            box.setValue(float(value))
        else:
            box = QSpinBox()
            box.setRange(int(low), int(high))
            box.setValue(int(value))
        box.setAccessibleName(_label(key).replace("&", ""))
        box.setToolTip(spec.help + (" (set for this run only)" if key in state.overridden else ""))
        if key == "threads":
            box.setSpecialValueText("auto (one per core)")
        self.fields[key] = self.numbers[key] = box
        return box

    def _model_row(self, setting: str, state: SettingsState) -> QWidget:
        self.model_combo = QComboBox()
        self.model_combo.setEditable(True)
        self.model_combo.setAccessibleName("Model file")
        self.model_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        editor = self.model_combo.lineEdit()
        assert editor is not None  # an editable combo box has its line edit
        editor.setPlaceholderText("the bundled SmolLM2-135M-Instruct")
        problem = state.model_problem
        self._setting = problem.fallback if problem is not None and problem.fallback else setting
        self._set_model_text(self._setting)
        self.model_combo.activated.connect(self._picked)
        browse = QPushButton("&Browse…")
        browse.setAccessibleName("Browse for a model file")
        browse.clicked.connect(self._browse)
        return form_row(self.model_combo, browse)

    # --- behaviour ---------------------------------------------------------------------------
    def _set_model_text(self, setting: str) -> None:
        """The field shows a name for the bundled model, a path for any other."""
        self._setting = setting
        self.model_combo.setEditText(BUNDLED_LABEL if setting == BUNDLED else AUTO_LABEL if setting == AUTO else setting)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Choose a GGUF model", "", "GGUF models (*.gguf)")
        if path:
            self._set_model_text(path)

    def _on_models(self, found: tuple[ModelFile, ...]) -> None:
        """GGUF files on this machine; a file that may chat badly says so (tooltip and a ⚠ mark)."""
        setting = self._chosen_model()
        self.model_combo.clear()
        self.model_combo.addItem(AUTO_LABEL, AUTO)
        self.model_combo.setItemData(0, "Hearth picks: the standard model (Qwen2.5-Coder-1.5B-Instruct) when it is installed "
                                        "and fits in the memory free, else the small bundled one.",
                                     Qt.ItemDataRole.ToolTipRole)
        for model in found:
            mark = "  ⚠ may not chat well" if model.warnings else ""
            label = BUNDLED_LABEL if model.setting == BUNDLED else f"{model.name} — {model.path}"
            self.model_combo.addItem(label + mark, model.setting)
            self.model_combo.setItemData(self.model_combo.count() - 1, "\n".join(model.warnings),
                                         Qt.ItemDataRole.ToolTipRole)
        self._set_model_text(setting)

    def _picked(self, index: int) -> None:
        """The choice goes in the field ("bundled" by name, never its path); a warning shows below."""
        chosen = self.model_combo.itemData(index) or BUNDLED
        self._set_model_text(chosen)
        warning = "" if chosen == AUTO else self.model_combo.itemData(index, Qt.ItemDataRole.ToolTipRole) or ""
        self.model_warning.setText(warning)
        self.model_warning.setVisible(bool(warning))

    def _chosen_model(self) -> str:
        text = self.model_combo.currentText().strip()
        if text in ("", AUTO_LABEL, AUTO):
            return AUTO
        if text in (BUNDLED_LABEL, BUNDLED):
            return BUNDLED
        return self._setting if text == self._setting else text

    def _ask_preview(self) -> None:
        if not self.last_question:
            self.preview_label.setText("Ask something first: the preview shows what your last question would recall.")
            return
        self.service.ask_preview(self.last_question, int(self.numbers["top_k"].value()),
                                 float(self.numbers["threshold"].value()))

    def _on_preview(self, preview: Preview) -> None:
        if not preview.rows:
            self.preview_label.setText(f"With these values, “{preview.question}” would recall nothing.")
            return
        items = "; ".join(f"{_memory_text(r.memory.text)[:60]} ({r.score:.2f})" for r in preview.rows)
        self.preview_label.setText(f"With these values, “{preview.question}” would recall: {items}")

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, widget in self.fields.items():
            if isinstance(widget, (QSpinBox, QDoubleSpinBox)):
                out[key] = widget.value()
            elif isinstance(widget, QPlainTextEdit):
                out[key] = widget.toPlainText()
            elif isinstance(widget, QComboBox):
                out[key] = widget.currentData()
            elif isinstance(widget, QCheckBox):
                out[key] = widget.isChecked()
        out["model_path"] = self._chosen_model()
        return out

    def accept(self) -> None:
        """Apply; the panel closes when the service says it worked (a model may load meanwhile)."""
        self.error_label.setVisible(False)
        self.buttons.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Applying…")
        self.service.apply(self.values(), on_failure=self._apply_failed)

    def _on_applied(self, state: SettingsState) -> None:
        super().accept()

    def _apply_failed(self, failure: Failure) -> None:
        """OK failed: nothing was saved or replaced; what was typed stays in the panel."""
        self.buttons.setEnabled(True)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("OK")
        self.error_label.setText(f"⚠ Not applied: {failure.what}. {failure.fix}. Nothing was changed.")
        self.error_label.setVisible(True)

    def _on_failed(self, failure: Failure) -> None:
        """The preview or the model list failed."""
        self.error_label.setText(f"⚠ {failure.what}. {failure.fix}.")
        self.error_label.setVisible(True)


BUNDLED_LABEL = "SmolLM2-135M-Instruct (bundled)"
AUTO_LABEL = "Automatic (the standard model when it fits in memory)"
THEMES = (("system", "Follow system"), ("light", "Light"), ("dark", "Dark"))
ANSWER_STYLES = (("auto", "Quote you (small models), checked answers (large ones)"),
                 ("quote", "Quote what you told me"), ("quote+model", "Quote it, then let the model go on"),
                 ("free", "Let the model answer, checked against your words"))


def _memory_text(text: str) -> str:
    return " ".join(user_part(text).split())


def _label(key: str) -> str:
    return {"window_turns": "Short-term &window (turns)", "top_k": "Memories recalled (&top-k)",
            "threshold": "Similarity t&hreshold", "docs_top_k": "Document &passages recalled",
            "docs_threshold": "&Document similarity threshold", "context_size": "&Context size (tokens)", "threads": "Th&reads",
            "answer_style": "Answers from memory", "theme": "Theme",
            "temperature": "T&emperature", "max_reply_tokens": "Reply &length (tokens)", "http_port": "API &port"}[key]



def _hint(text: str) -> QLabel:
    label = QLabel(text[:1].upper() + text[1:] + ".")
    label.setEnabled(False)  # the style's own "disabled text" colour: legible in light and dark
    label.setWordWrap(True)
    return label
