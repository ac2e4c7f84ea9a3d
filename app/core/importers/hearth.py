"""Hearth's own conversation export (``hearth export --format json``), read back.

A conversation that Hearth imported from another app keeps that app's name and id in the file,
so importing it into a profile that already has it adds nothing, whichever way it came in. A
conversation made in Hearth is known as ``hearth`` / ``<profile uid>:<id>``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from app.core.importers.model import (ImportedConversation, ImportedMessage, Skips, as_list, build, epoch, guarded,
                                      role_of, text_of)
from app.core.importers.source import Source, each_json, files_matching
from app.core.memory.notes import check_notes
from app.errors import KnownError

NAME = "hearth"
FORMAT = "hearth-conversations"
FORMAT_VERSION = 1


def looks_like(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == FORMAT


def native_id(profile_uid: str | None, conversation_id: object) -> str:
    # object: an id read back from an export file may be anything, and is only formatted here
    return f"{profile_uid or 'unknown'}:{conversation_id}"


def files(source: Source) -> list[str]:
    return files_matching(source, lambda name: name.endswith(".json"))


def parse(source: Source, skips: Skips) -> Iterator[ImportedConversation]:
    found = False
    for name, data in each_json(source, files(source), skips):
        if not looks_like(data):
            skips.add("files that are not Hearth conversation exports")
            continue
        version = data.get("format_version")
        if not isinstance(version, int):
            raise KnownError(f"{name} has no readable format_version", "give a file made by `hearth export`")
        if version > FORMAT_VERSION:
            raise KnownError(f"{name} was exported by a newer Hearth", "upgrade Hearth to import it")
        found = True
        for item in as_list(data.get("conversations")):
            conversation = guarded(_conversation, item, skips, data.get("profile_uid"))
            if conversation is not None:
                yield conversation
    if not found:
        raise KnownError(f"{source.path.name} is not a Hearth conversation export",
                         "give a file made by `hearth export --format json`, or choose another format")


def _conversation(item: dict[str, Any], skips: Skips, profile_uid: str | None) -> ImportedConversation | None:
    messages = []
    for message in as_list(item.get("messages")):
        role = role_of(message.get("role")) if isinstance(message, dict) else None
        if role is None:
            skips.add("system and tool messages")
            continue
        messages.append(ImportedMessage(role, text_of(message.get("content")), epoch(message.get("created_at")),
                                        interrupted=message.get("interrupted") is True))
    source, source_id = item.get("source"), item.get("source_id")
    if not source or not source_id:
        source, source_id = NAME, native_id(profile_uid, item.get("id"))
    conversation = build(str(source), source_id, item.get("title"), item.get("created_at"), item.get("updated_at"),
                         messages, skips)
    if conversation is not None and item.get("incognito") is True:  # private stays private, in any profile
        conversation = replace(conversation, private=True)
    if conversation is not None and (notes := _notes(item, skips)):
        conversation = replace(conversation, notes=notes, notes_updated_at=epoch(item.get("notes_updated_at")))
    return conversation


def _notes(item: dict[str, Any], skips: Skips) -> str:
    """The conversation's working notes as they will be stored; "" (counted) when a hand-edited
    file holds notes this profile cannot keep — checked here, so the write never fails on them."""
    try:
        return check_notes(text_of(item.get("notes")))
    except KnownError:
        skips.add("conversations whose working notes were left out (too long or not text)")
        return ""
