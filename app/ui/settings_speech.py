"""Settings → Speech: the dictation language, "Send dictation at once" and "Read replies aloud".
Its own module so the settings panel stays readable; the fields join the panel's ``fields`` and are
applied with the rest on OK."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QWidget

from app.ui.speech_controls import SHORTCUT

# Whisper knows ~100 languages; these are offered by name, and any other code set with
# `hearth settings set dictation_language CODE` is kept and shown as it is.
LANGUAGES = (("auto", "Detect from the speech"), ("en", "English"), ("de", "German"), ("fr", "French"),
             ("es", "Spanish"), ("it", "Italian"), ("pt", "Portuguese"), ("nl", "Dutch"), ("pl", "Polish"),
             ("sv", "Swedish"), ("tr", "Turkish"), ("ru", "Russian"), ("uk", "Ukrainian"), ("ja", "Japanese"),
             ("zh", "Chinese"), ("hi", "Hindi"), ("ar", "Arabic"))


def add_speech_rows(form: QFormLayout, current: dict[str, Any], fields: dict[str, QWidget]) -> None:
    heading = QLabel("<b>Speech</b>")
    heading.setAccessibleName("Speech")
    form.addRow(heading)
    language = QComboBox()
    language.setAccessibleName("Dictation language")
    for code, name in LANGUAGES:
        language.addItem(name, code)
    if language.findData(current["dictation_language"]) < 0:
        language.addItem(current["dictation_language"], current["dictation_language"])
    language.setCurrentIndex(language.findData(current["dictation_language"]))
    fields["dictation_language"] = language
    form.addRow("Dictation lan&guage", language)
    form.addRow("", _hint("The language you speak when you dictate. Detecting it works for a sentence or more; "
                          "choose yours if short messages come out in the wrong language"))
    send = _check("&Send dictation at once", "dictation_send", current, fields)
    form.addRow("Dictation", send)
    form.addRow("", _hint(f"Off: what you say ({SHORTCUT}) is added to the message box for you to check and "
                          "edit. On: it is sent as soon as it is written down"))
    read = _check("Read replies alo&ud", "read_aloud", current, fields)
    form.addRow("Reading aloud", read)
    form.addRow("", _hint("Every reply is spoken as it is written, a sentence at a time; Esc or Stop ends it. "
                          "Any reply can also be read with “read aloud” under it"))


def _check(text: str, key: str, current: dict[str, Any], fields: dict[str, QWidget]) -> QCheckBox:
    box = QCheckBox(text)
    box.setAccessibleName(text.replace("&", ""))
    box.setChecked(bool(current[key]))
    fields[key] = box
    return box


def _hint(text: str) -> QLabel:
    label = QLabel(text + ".")
    label.setEnabled(False)  # the style's own "disabled text" colour, as the panel's other hints
    label.setWordWrap(True)
    return label
