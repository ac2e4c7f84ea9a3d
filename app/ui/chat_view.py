"""The conversation, drawn so that who said what is clear at a glance.

Each message is a frame of its own in one ``QTextDocument``: your messages in a tinted box on the
right, Hearth's on the left, each with a name and a time on top and its receipts below (what was
recalled for a reply; what was remembered from your message, with edit / forget / undo). Only the
frame that changes is redrawn: a streaming reply re-renders its own text every paint, never the
transcript (cost does not grow with the conversation). A long conversation shows its last
``PAGE`` messages; "Show earlier messages" brings the rest.

Links use small schemes the main window handles: ``copy:``/``code:``/``speak:``/``remember:``/``pin:`` +
message id, ``edit:``/``forget:``/``memory:`` + memory id, ``passage:`` + passage id, ``undo:`` + a token, ``retry:`` +
entry key, ``earlier:more``.
"""

from __future__ import annotations

import datetime as _dt
import html
import re
import time
from dataclasses import dataclass, field, replace
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor, QPalette, QTextBlockFormat, QTextCharFormat, QTextCursor, QTextFrame, QTextFrameFormat
from PySide6.QtWidgets import QTextBrowser, QWidget

from app.core.types import RecallReceipt, user_part
from app.core.turn_events import Written

PAGE = 60  # messages drawn when a conversation opens; older ones on request
RECEIPT_CHARS = 70


@dataclass(frozen=True)
class Entry:
    """One message as the window shows it."""

    key: str  # "m<id>" once saved; "sending" / "live" while a turn runs
    role: str  # user | assistant | notice
    text: str
    created_at: float = field(default_factory=time.time)
    message_id: int = 0
    interrupted: bool = False
    recalled: RecallReceipt = RecallReceipt()
    written: tuple[Written, ...] | None = None  # None: not known (yet)
    forgotten: tuple[tuple[int, int], ...] = ()  # (memory id, undo token) forgotten from this message
    private: bool = False
    tools: tuple[str, ...] = ()
    notice: str = ""  # a warning under the message ("Not sent: …")
    streaming: bool = False
    replacing: bool = False  # a reply being regenerated: kept until the new one is saved
    remembered: bool = False  # "Remember this" was done
    offer_local: bool = False  # a message a served model's server didn't answer: the local model may, for it


class ChatView(QTextBrowser):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Conversation")
        self.setOpenExternalLinks(False)
        self.setOpenLinks(False)  # every link is ours: the main window handles anchorClicked
        self.document().setUndoRedoEnabled(False)  # a transcript has no undo: don't keep every repaint
        self.entries: list[Entry] = []
        self._frames: dict[str, QTextFrame] = {}
        self._first_drawn = 0
        self._welcome = ""

    # --- whole conversation --------------------------------------------------------------
    def show_entries(self, entries: list[Entry], *, reveal: str | None = None) -> None:
        """Replace what is shown; draws the last ``PAGE`` (or from ``reveal``'s entry on)."""
        self.entries = list(entries)
        keys = [e.key for e in self.entries]
        start = max(0, len(self.entries) - PAGE)
        if reveal in keys:
            start = min(start, keys.index(reveal))
        self._redraw(start)

    def show_earlier(self) -> None:
        self._redraw(max(0, self._first_drawn - 2 * PAGE))

    def showing_welcome(self) -> bool:
        return bool(self._welcome) and not self.entries

    def show_welcome(self, html_text: str) -> None:
        """A page of text in place of a conversation (first start, a profile that can't open)."""
        self.entries, self._welcome = [], html_text
        self._redraw(0)

    def _redraw(self, start: int) -> None:
        self._first_drawn = start
        self._frames.clear()
        document = self.document()
        document.clear()
        self._style_links()
        cursor = QTextCursor(document)
        cursor.beginEditBlock()
        if self._welcome and not self.entries:
            cursor.insertHtml(self._welcome)
        if start > 0:
            cursor.insertHtml(f'<p align="center"><a href="earlier:more">Show {start:,} earlier '
                              f'message{"s" if start > 1 else ""}</a></p>')
        for entry in self.entries[start:]:
            self._frames[entry.key] = self._insert_frame(cursor, entry)
        cursor.endEditBlock()
        self.scroll_to_end()

    # --- one entry at a time ---------------------------------------------------------------
    def add_entry(self, entry: Entry) -> None:
        self._welcome = ""
        if not self.entries and self.document().characterCount() > 1:
            self.document().clear()  # the welcome text goes with the first message
        follow = self._at_end()
        self.entries.append(entry)
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        self._frames[entry.key] = self._insert_frame(cursor, entry)
        if follow:
            self.scroll_to_end()

    def update_entry(self, key: str, /, **changes: Any) -> Entry | None:
        """Change one entry (``key`` may be among ``changes`` to re-key it) and redraw only its frame."""
        index = self._index(key)
        if index is None:
            return None
        entry = replace(self.entries[index], **changes)
        self.entries[index] = entry
        frame = self._frames.pop(key, None)
        if frame is not None:
            follow = self._at_end()
            self._frames[entry.key] = frame
            self._fill(frame, entry)
            if follow:
                self.scroll_to_end()
        return entry

    def remove_entry(self, key: str) -> Entry | None:
        index = self._index(key)
        if index is None:
            return None
        entry = self.entries.pop(index)
        frame = self._frames.pop(key, None)
        if frame is not None:
            cursor = QTextCursor(self.document())
            cursor.setPosition(frame.firstPosition() - 1)
            cursor.setPosition(frame.lastPosition() + 1, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        return entry

    def entry(self, key: str) -> Entry | None:
        index = self._index(key)
        return None if index is None else self.entries[index]

    def find_message(self, message_id: int) -> Entry | None:
        return next((e for e in self.entries if e.message_id == message_id), None)

    def select_entry_text(self, key: str) -> None:
        """Scroll to an entry and select its first words (the source of a memory)."""
        entry, frame = self.entry(key), self._frames.get(key)
        if entry is None or frame is None:
            return
        words = " ".join(entry.text.split()[:8])
        cursor = QTextCursor(self.document())
        cursor.setPosition(frame.firstPosition())
        self.setTextCursor(cursor)
        self.find(words)

    def _index(self, key: str) -> int | None:
        return next((i for i, e in enumerate(self.entries) if e.key == key), None)

    # --- drawing -----------------------------------------------------------------------
    def _insert_frame(self, cursor: QTextCursor, entry: Entry) -> QTextFrame:
        frame = cursor.insertFrame(self._frame_format(entry))
        self._fill(frame, entry)
        cursor.movePosition(QTextCursor.MoveOperation.End)
        return frame

    def _frame_format(self, entry: Entry) -> QTextFrameFormat:
        palette = self.palette()
        base, accent = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Highlight)
        text = palette.color(QPalette.ColorRole.Text)
        fmt = QTextFrameFormat()
        fmt.setPadding(10)
        fmt.setTopMargin(4)
        fmt.setBottomMargin(8)
        if entry.role == "user":  # yours: tinted, on the right
            fmt.setBackground(_mix(base, accent, 0.16))
            fmt.setLeftMargin(max(60, self.viewport().width() // 6))
        elif entry.role == "assistant":  # Hearth's: a quieter box across the width
            fmt.setBackground(_mix(base, text, 0.04))
            fmt.setRightMargin(24)
        else:
            fmt.setBackground(_mix(base, QColor("#e0a000"), 0.18))
        return fmt

    def _fill(self, frame: QTextFrame, entry: Entry) -> None:
        cursor = frame.firstCursorPosition()
        cursor.beginEditBlock()  # one layout pass for the whole frame, not one per insert
        cursor.setPosition(frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        _plain_block_here(cursor)
        cursor.insertHtml(_header(entry, self._muted()))
        for tool in entry.tools:
            _new_block(cursor)
            cursor.insertHtml(f"<i>{html.escape(tool)}</i>")
        _new_block(cursor)
        if entry.role == "assistant":
            cursor.insertMarkdown(_markdown_shown_as_written(entry.text) + (_CARET if _caret_fits(entry) else ""))
        else:
            cursor.insertHtml(_plain_html(entry.text))
        for line in _footer(entry):
            _new_block(cursor)
            cursor.insertHtml(line)
        cursor.endEditBlock()

    def _muted(self) -> str:
        return self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text).name()

    def _style_links(self) -> None:
        # The document's links don't follow the palette by themselves (dark blue on dark grey).
        link = self.palette().color(QPalette.ColorRole.Link).name()
        self.document().setDefaultStyleSheet(f"a {{ color: {link}; }}")

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 - Qt API
        """A theme change reaches the widget as a new palette, after QApplication.setPalette returns:
        only then can the frames, drawn with the old colours, take the new ones."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._redraw(self._first_drawn)

    # --- scrolling ---------------------------------------------------------------------
    def _at_end(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - 40

    def scroll_to_end(self) -> None:
        self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())


# --- what goes in a frame -----------------------------------------------------------------
def _header(entry: Entry, muted: str) -> str:
    who = {"user": "You", "assistant": "Hearth"}.get(entry.role, "⚠ Hearth")
    when = message_time(entry.created_at) if entry.created_at else ""
    extra = " · private" if entry.private and entry.role == "user" else ""
    return (f'<span style="font-weight:600">{who}</span> '
            f'<span style="color:{muted}; font-size:small">{when}{extra}</span>')


def message_time(created_at: float, now: float | None = None) -> str:
    """"15:33" today, "yesterday 15:33", else "12 Mar 2024 15:33" (imported messages are often old)."""
    day = _dt.date.fromtimestamp(created_at)
    today = _dt.date.fromtimestamp(time.time() if now is None else now)
    clock = time.strftime("%H:%M", time.localtime(created_at))
    if day == today:
        return clock
    if day == today - _dt.timedelta(days=1):
        return f"yesterday {clock}"
    return f"{day.day} {day.strftime('%b %Y')} {clock}"


def _footer(entry: Entry) -> list[str]:
    """The lines under a message: its notice, its receipts, its links."""
    lines = [f'<span style="color:#c0392b">⚠ {html.escape(entry.notice)}</span>'] if entry.notice else []
    if entry.key.startswith("failed"):
        token = entry.key.removeprefix("failed")
        local = f' · <a href="local:{token}">answer this one with the local model</a>' if entry.offer_local else ""
        lines.append(f'<a href="retry:{token}">retry</a>{local} (your draft stays where it is)')
    if entry.replacing:
        lines.append("<i>Regenerating — this reply is replaced when the new one is ready.</i>")
    if entry.role == "assistant" and entry.interrupted:
        lines.append("<i>(stopped)</i>")
    if entry.role == "assistant" and entry.recalled.written_by and not entry.streaming:
        lines.append(f"<small><i>written by {html.escape(entry.recalled.written_by)}</i></small>")
    if entry.role == "assistant" and entry.recalled.memories and not entry.streaming:
        items = "; ".join(f'<a href="memory:{r.id}">{html.escape(_short(r.text))}</a> ({r.score:.2f}'
                          + (f', via {html.escape(r.via)})' if r.via else ")")  # found through someone named
                          for r in entry.recalled.memories)
        lines.append(f"<small><i>recalled: {items}</i></small>")
    if entry.role == "assistant" and entry.recalled.passages and not entry.streaming:
        items = "; ".join(f'<a href="passage:{r.id}">{html.escape(r.source)}</a>: “{html.escape(_short(r.text))}”'
                          for r in entry.recalled.passages)
        lines.append(f"<small><i>from your documents: {items}</i></small>")
    if entry.role == "user":
        lines += _written_lines(entry)
    if entry.message_id and not entry.streaming:
        lines.append(_links(entry))
    return lines


def _written_lines(entry: Entry) -> list[str]:
    """The write receipt: what long-term memory keeps from this message, with edit/forget."""
    if entry.written is None:
        return []
    if entry.private and not entry.written:
        return ["<small><i>Not remembered: this conversation is private.</i></small>"]
    forgotten = dict(entry.forgotten)
    lines = []
    for item in entry.written:
        text = html.escape(_short(item.text))
        if item.id in forgotten:
            lines.append(f'<small><i>forgot “{text}” — <a href="undo:{forgotten[item.id]}">undo</a></i></small>')
            continue
        lines.append(f'<small><i>{_written_label(item)}: <a href="memory:{item.id}">“{text}”</a></i> · '
                     f'<a href="edit:{item.id}">edit</a> · <a href="forget:{item.id}">forget</a></small>')
    if not lines and entry.message_id:
        lines.append("<small><i>Nothing new kept in memory from this message (a question, or something already known).</i></small>")
    return lines


def _written_label(item: Written) -> str:
    if item.status == "known":
        return "already knew"
    if item.status == "updates":
        return "updated (the old one is kept as history)"
    return {"episode": "kept your words", "note": "kept as a note"}.get(item.kind, "remembered")


def _links(entry: Entry) -> str:
    mid = entry.message_id
    links = [f'<a href="copy:{mid}">copy</a>']
    if entry.role == "assistant" and code_blocks(entry.text):
        links.append(f'<a href="code:{mid}">copy code</a>')
    if entry.role == "assistant":
        links.append(f'<a href="speak:{mid}">read aloud</a>')
    if entry.remembered:
        links.append("<i>remembered</i>")
    else:
        links += [f'<a href="remember:{mid}">remember</a>', f'<a href="pin:{mid}">remember &amp; pin</a>']
    return "<small>" + " · ".join(links) + "</small>"


def _short(text: str, width: int = RECEIPT_CHARS) -> str:
    """A memory in a line (the user's words only), cut at a word boundary."""
    flat = " ".join(user_part(text).split())
    return flat if len(flat) <= width else flat[:width].rsplit(" ", 1)[0] + "…"


_CARET = " ▍"


def _caret_fits(entry: Entry) -> bool:
    """A typing caret after a streaming reply, unless it would break a code fence."""
    return entry.streaming and entry.text.count("```") % 2 == 0 and not entry.text.rstrip().endswith("```")


def _plain_html(text: str) -> str:
    """Your words exactly as typed: escaped, line breaks kept."""
    return html.escape(text).replace("\n", "<br>")


_CODE = re.compile(r"(```.*?(?:```|$)|`[^`\n]*`)", re.S)


def _markdown_shown_as_written(text: str) -> str:
    """A reply is Markdown (code, lists); raw HTML in it is shown as text, not obeyed. Outside
    code, ``<`` and ``&`` are escaped; inside code they are already literal."""
    parts = _CODE.split(text)
    return "".join(p if i % 2 else p.replace("&", "&amp;").replace("<", "&lt;") for i, p in enumerate(parts))


def code_blocks(markdown: str) -> list[str]:
    """The fenced code blocks of a reply, without their fences."""
    return [m.group(1).rstrip("\n") for m in re.finditer(r"```[^\n]*\n(.*?)```", markdown, re.S)]


def _new_block(cursor: QTextCursor) -> None:
    """A fresh paragraph: not part of the list or code block before it."""
    cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
    _plain_block_here(cursor)


def _plain_block_here(cursor: QTextCursor) -> None:
    if cursor.currentList() is not None:
        cursor.currentList().remove(cursor.block())
    cursor.setBlockFormat(QTextBlockFormat())
    cursor.setCharFormat(QTextCharFormat())


def _mix(a: QColor, b: QColor, amount: float) -> QColor:
    def part(x: int, y: int) -> int:
        return round(x + (y - x) * amount)
    return QColor(part(a.red(), b.red()), part(a.green(), b.green()), part(a.blue(), b.blue()))

