"""The `hearth` command line's grammar: every command, option and range (ranges from app.core.limits)."""

from __future__ import annotations

import argparse
import sys
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TextIO, TypeAlias

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from app import __version__
from app.bootstrap import DEFAULT_PROFILE
from app.cli.inputs import file_path, here, model_choice, option, words
from app.core import limits
from app.core.memory.recall import RecallParams

from app.engine.commands import NO_SERVER_ENV, NO_SERVER_FLAG

MEMORY_KINDS = ("note", "fact", "summary", "episode")
ID = option(limits.ROW_ID)
# What add_subparsers returns; a string, as the class is generic only in the stubs, not at run time.
Subcommands: TypeAlias = "argparse._SubParsersAction[Parser]"
# Where help and usage errors go while one command is parsed: that command's own (out, err). The
# engine parses many commands at once on its threads, each for another terminal, so argparse's
# sys.stdout/sys.stderr can't be theirs; a ContextVar is per thread.
PRINT_TO: ContextVar[tuple[TextIO, TextIO] | None] = ContextVar("PRINT_TO", default=None)


class Parser(argparse.ArgumentParser):
    """argparse, printing to the streams of the command being parsed (PRINT_TO)."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        streams = PRINT_TO.get()
        if streams is not None:
            file = streams[0] if file is sys.stdout else streams[1]
        super()._print_message(message, file)


def _global_options(suppress: bool) -> "Parser":
    """--home/--profile/--no-encryption/--set, accepted before or after the subcommand."""
    def default(value: object) -> object:
        return argparse.SUPPRESS if suppress else value
    p = Parser(add_help=False)
    p.add_argument("--home", metavar="DIR", default=default(None),
                   help="data directory (default: $HEARTH_HOME, else the platform's user data dir)")
    p.add_argument("--profile", metavar="NAME", default=default(None),
                   help=f"profile name: one database file per profile (default: {DEFAULT_PROFILE}; "
                        "the app opens the profile used last)")
    p.add_argument("--no-encryption", action="store_true", default=default(False),
                   help="allow creating an unencrypted profile when no keychain or passphrase is available")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", dest="overrides", default=default([]),
                   help="override a setting for this run (see `hearth settings`); repeatable")
    p.add_argument(NO_SERVER_FLAG, action="store_true", default=default(False),
                   help=f"run here, not in the warm background engine (also {NO_SERVER_ENV}=1)")
    return p


def build_parser() -> "Parser":
    common = _global_options(suppress=True)
    parser = Parser(
        prog="hearth", parents=[_global_options(suppress=False)],
        description="Hearth, an offline assistant that remembers. Long-term memory from the command line.",
    )
    parser.add_argument("--version", action="version", version=f"hearth {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    memory = commands.add_parser("memory", parents=[common], help="add, search and manage memories")
    _add_memory_commands(memory.add_subparsers(dest="action", metavar="ACTION", required=True), common)

    doctor = commands.add_parser("doctor", parents=[common], help="check the installation and the profile")
    doctor.add_argument("--json", action="store_true", help="machine-readable output")
    doctor.add_argument("--fix", action="store_true", help="make the data directory and its files private "
                        "(0700/0600) where they are not")

    chat = commands.add_parser("chat", parents=[common], help="talk to Hearth (interactive without MESSAGE)")
    chat.add_argument("message", nargs="?", type=words, metavar="MESSAGE", help="one message (- reads stdin)")
    which = chat.add_mutually_exclusive_group()
    which.add_argument("--conversation", type=ID, metavar="ID", help="continue this conversation")
    which.add_argument("--new", action="store_true", help="start a new conversation (default: the latest)")
    which.add_argument("--private", action="store_true", help="start a new conversation Hearth doesn't remember: "
                       "nothing from it goes to long-term memory (the app's \"Don't remember this conversation\")")
    chat.add_argument("--model", type=model_choice, metavar="NAME|PATH", help="a chat model for this run: a name `hearth models` lists "
                      "(llama3.2:3b) or a .gguf file")
    chat.add_argument("--json", action="store_true", help="print one JSON object instead of streaming")

    gui = commands.add_parser("gui", parents=[common], help="open the desktop app (the default with no command)")
    gui.add_argument("--smoke", action="store_true",
                     help="open offscreen, send one message through the real stack, exit 0 if it worked")

    conversations = commands.add_parser("conversations", parents=[common], help="list conversations")
    conversations.add_argument("--json", action="store_true")

    notes = commands.add_parser("notes", parents=[common], help="show or change a conversation's working notes")
    _add_notes_commands(notes.add_subparsers(dest="action", metavar="ACTION", required=True), common)
    docs = commands.add_parser("docs", parents=[common], help="add your documents (files, folders) for Hearth to "
                               "answer from, with the page")
    _add_docs_commands(docs.add_subparsers(dest="action", metavar="ACTION", required=True), common)
    _add_history_commands(commands, common)
    sync = commands.add_parser(
        "sync", parents=[common], help="one memory on several computers, through a folder Syncthing keeps in step",
        description="Each device writes its changes, sealed with a key only linked devices hold, to its own files "
        "in a folder a sync tool (Syncthing, Nextcloud, Dropbox …) shares between your computers, and applies the "
        "others'. Memories, conversations, working notes and people & things travel; vectors are made on each device.")
    _add_sync_commands(sync.add_subparsers(dest="action", metavar="ACTION", required=True), common)

    models = commands.add_parser(
        "models", parents=[common], help="list the GGUF chat models on this computer (Ollama, LM Studio, …)",
        description="Every GGUF model Hearth finds, read from its header (nothing is loaded): the bundled one, "
        "Ollama's store, LM Studio, GPT4All, Jan, the Hugging Face cache and the folders in the model_folders "
        "setting. * marks the one in use.")
    models.add_argument("--json", action="store_true", help="machine-readable output")
    _add_server_commands(models.add_subparsers(dest="action", metavar="ACTION"), common)

    serve = commands.add_parser(
        "serve", parents=[common], help="run the warm engine in the foreground (commands start one by themselves)",
        description="Keep the embedder and the model loaded for this data directory and run `hearth` commands "
        "for it at once. Commands that need them (chat, import, memory add/search/edit/import/reindex) start an "
        "engine in the background when none is running; it leaves after the engine_idle_minutes setting "
        "without a command. It listens on a socket only you can reach, in $XDG_RUNTIME_DIR/hearth.")
    serve.add_argument("what", nargs="?", choices=("token", "stop"), metavar="token|stop",
                       help="token: print the HTTP API's bearer token (made now if there is none); stop: ask the "
                            "engine running for this data directory to finish its commands and leave")
    serve.add_argument("--http", nargs="?", const=0, type=option(limits.HTTP_PORT), metavar="PORT",
                       help="also serve the OpenAI-compatible API on 127.0.0.1 (default port: the http_port "
                            "setting); prints its base URL")
    serve.add_argument("--idle-minutes", type=option(limits.ENGINE_IDLE_MINUTES), metavar="N",
                       help="leave after N minutes without a command (default: run until Ctrl+C)")
    serve.add_argument("--background", action="store_true", help=argparse.SUPPRESS)  # how a command starts one

    mcp = commands.add_parser(
        "mcp", parents=[common], help="let other tools (Claude Desktop, VS Code, …) use your memory over MCP",
        description="Serve this profile's memory over the Model Context Protocol on stdin/stdout, for an MCP "
        "client to start (its config: command `hearth`, args [\"mcp\"]). Tools: search_memories, "
        "list_recent_memories, search_conversations, add_memory, forget_memory; resource "
        "hearth://memories/pinned. Memories that look like passwords, PINs, card numbers or keys are never "
        "served unless you share them (`hearth memory share ID`). Memories a tool adds record its name.")
    mcp.add_argument("--read-only", action="store_true",
                     help="offer only the tools that read (also the mcp_read_only setting)")

    _add_speech_commands(commands, common)

    settings = commands.add_parser("settings", parents=[common], help="show settings, or `settings set KEY VALUE`")
    settings.add_argument("assignment", nargs="*", metavar="set KEY VALUE")
    settings.add_argument("--json", action="store_true")
    return parser


def _add_history_commands(commands: Subcommands, common: "Parser") -> None:
    from app.cli.history import source_path
    from app.core.importers import FORMATS
    from app.core.importers.export import FORMATS as EXPORT_FORMATS

    imp = commands.add_parser(
        "import", parents=[common], help="import chat history exported from ChatGPT, Claude, Jan, LM Studio, "
        "Open WebUI or Hearth", description="Import conversations from another app's export (a file, its zip, or "
        "a folder). They keep their titles and dates, appear in the conversation list and search, and what you "
        "said in them goes to long-term memory. Importing the same export again adds nothing.")
    # FORMAT may be left out (`hearth import chatgpt.zip`): argparse gives a lone word to PATH.
    imp.add_argument("format", nargs="?", default="auto", choices=("auto", *FORMATS), metavar="FORMAT",
                     help=f"the app it came from: {', '.join(FORMATS)}, or auto to detect it (leave it out: auto)")
    imp.add_argument("path", type=source_path, metavar="PATH", help="the export: file, zip or folder")
    imp.add_argument("--no-memory", action="store_true",
                     help="import the conversations only: nothing from them goes to long-term memory")
    imp.add_argument("--json", action="store_true", help="print the summary as JSON")

    export = commands.add_parser(
        "export", parents=[common], help="write conversations to a Markdown or JSON file (plain text: keep it "
        "private)", description="Write conversations (all of them, oldest first, or one) with their messages and "
        "working notes to a file: Markdown to read, or JSON that `hearth import` takes back into any profile. "
        "The file is plain text, unlike the encrypted profile, and is created readable by you only.")
    export.add_argument("file", type=file_path, metavar="FILE",
                        help="the file to write (an existing file is replaced); .json or .md picks the format")
    export.add_argument("--format", choices=EXPORT_FORMATS, default=None,
                        help="md to read, json to import again with `hearth import`; default: from FILE's "
                        "suffix (.json, .md), else md")
    export.add_argument("--conversation", type=ID, metavar="ID", help="only this conversation (default: all)")


def _add_speech_commands(commands: Subcommands, common: "Parser") -> None:
    from app.cli.speech import language_code

    transcribe = commands.add_parser(
        "transcribe", parents=[common], help="write down what an audio file says (WAV, FLAC, OGG, MP3), offline",
        description="Speech to text with Whisper base, on this computer: nothing is sent anywhere. Prints the "
        "text; --json adds the language and timed segments.")
    transcribe.add_argument("file", type=file_path, metavar="FILE", help="a WAV, FLAC, OGG or MP3 file, up to an hour")
    transcribe.add_argument("--language", type=language_code, metavar="xx",
                            help="the language spoken, as a code (en, de, fr …); default: Whisper tells")
    transcribe.add_argument("--json", action="store_true", help="text, language and segments with start/end seconds")

    say = commands.add_parser(
        "say", parents=[common], help="read a text aloud into a WAV file, offline",
        description="Text to speech with hibari's \"heart\" voice (American English), on this computer: "
        "nothing is sent anywhere.")
    say.add_argument("text", type=words, metavar="TEXT", help="the words, or - to read stdin")
    say.add_argument("--out", type=file_path, required=True, metavar="FILE.wav",
                     help="the WAV file to write (an existing file is replaced)")


def _add_memory_commands(actions: Subcommands, common: "Parser") -> None:
    add = actions.add_parser("add", parents=[common], help="remember a text; prints its id")
    add.add_argument("text", nargs="?", type=words, metavar="TEXT", help="the text, or - to read stdin")
    add.add_argument("--file", type=file_path, help="add each non-empty line of FILE; prints one id per line")
    add.add_argument("--importance", type=option(limits.IMPORTANCE), default=0.5, help="0..1 (default 0.5)")
    add.add_argument("--pin", action="store_true", help="always include it in recall")
    add.add_argument("--ttl-days", type=option(limits.TTL_DAYS), metavar="N",
                     help=f"forget it after N days ({limits.TTL_DAYS.low:g}..{limits.TTL_DAYS.high:g})")
    add.add_argument("--kind", choices=MEMORY_KINDS, default="note")

    search = actions.add_parser("search", parents=[common], help="find memories by meaning and keywords")
    search.add_argument("query", nargs="?", type=words, metavar="QUERY", help="the query, or - to read stdin")
    search.add_argument("--file", type=file_path, help="run each line of FILE as a query (JSON Lines with --json)")
    search.add_argument("--top-k", type=option(limits.SEARCH_TOP_K), default=RecallParams.top_k, metavar="K",
                        help=f"at most K memories, {limits.SEARCH_TOP_K.low}..{limits.SEARCH_TOP_K.high} "
                             f"(default {RecallParams.top_k})")
    search.add_argument("--threshold", type=option(limits.THRESHOLD), default=RecallParams.threshold, metavar="T",
                        help=f"minimum similarity, -1..1 (default {RecallParams.threshold})")
    search.add_argument("--json", action="store_true")

    listing = actions.add_parser("list", parents=[common], help="list all memories")
    listing.add_argument("--json", action="store_true")
    show = actions.add_parser("show", parents=[common], help="show one memory")
    show.add_argument("id", type=ID)
    show.add_argument("--json", action="store_true")
    edit = actions.add_parser("edit", parents=[common], help="replace a memory's text (re-embeds it)")
    edit.add_argument("id", type=ID)
    edit.add_argument("text", type=words, metavar="TEXT", help="the new text, or - to read stdin")
    for name, text in (("pin", "always include it in recall"), ("unpin", "stop always including it")):
        actions.add_parser(name, parents=[common], help=text).add_argument("id", type=ID)
    for name, text in (("share", "let other tools (`hearth mcp`) see it though it looks like a password, PIN, "
                                 "card number or key"), ("unshare", "keep it from other tools again")):
        actions.add_parser(name, parents=[common], help=text).add_argument("id", type=ID)
    forget = actions.add_parser("forget", parents=[common], help="delete memories for good")
    forget.add_argument("ids", type=ID, nargs="+", metavar="ID")
    export = actions.add_parser("export", parents=[common], help="write all memories to a JSON Lines file "
                                "(plain text: keep it private)")
    export.add_argument("file", type=file_path, metavar="FILE")
    export.add_argument("--salvage", action="store_true",
                        help="read a damaged profile page by page and export every memory and message that "
                             "can still be read")
    imp = actions.add_parser("import", parents=[common], help="add the memories of an export file")
    imp.add_argument("file", type=file_path, metavar="FILE")
    actions.add_parser("reindex", parents=[common], help="re-embed all memories with the current model")
    _add_entity_commands(actions, common)


def _add_notes_commands(actions: Subcommands, common: "Parser") -> None:
    show = actions.add_parser("show", parents=[common], help="print the working notes")
    _add_which_conversation(show)
    show.add_argument("--json", action="store_true")
    put = actions.add_parser("set", parents=[common], help="replace the working notes "
                             f"(at most {limits.NOTES_CHARS.high:,} characters; they go into every prompt of "
                             "the conversation)")
    put.add_argument("text", type=words, metavar="TEXT", help="the new notes, or - to read stdin")
    _add_which_conversation(put)
    clear = actions.add_parser("clear", parents=[common], help="empty the working notes")
    _add_which_conversation(clear)


def _add_sync_commands(actions: Subcommands, common: "Parser") -> None:
    enable = actions.add_parser("enable", parents=[common], help="turn sync on here (the first device): "
                                "a new journal in FOLDER with this profile's snapshot")
    enable.add_argument("folder", type=here, metavar="FOLDER", help="the folder your sync tool shares")
    enable.add_argument("--name", help="this device's name (default: the computer's)")
    actions.add_parser("link", parents=[common], help="print a link code for another device "
                       "(passphrase from HEARTH_LINK_PASSPHRASE or asked for)")
    join = actions.add_parser("join", parents=[common], help="link this device to a synced profile: "
                              "its memory and this one's become one")
    join.add_argument("folder", type=here, metavar="FOLDER", help="this device's copy of the shared folder")
    join.add_argument("--code", help="the code `hearth sync link` printed on a linked device")
    join.add_argument("--name", help="this device's name (default: the computer's)")
    now = actions.add_parser("now", parents=[common], help="write this device's changes and apply the others' now")
    now.add_argument("--json", action="store_true")
    status = actions.add_parser("status", parents=[common], help="the folder, the devices seen and when")
    status.add_argument("--json", action="store_true")
    actions.add_parser("off", parents=[common], help="stop syncing this profile (its memory stays here; "
                       "the other devices go on)")


def _add_which_conversation(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--conversation", type=ID, metavar="ID", help="the conversation (default: the latest)")


def _add_docs_commands(actions: Subcommands, common: "Parser") -> None:
    add = actions.add_parser("add", parents=[common], help="read files into your library; a folder is watched "
                             "(`docs reindex` reads its new and changed files)")
    add.add_argument("paths", nargs="+", metavar="PATH", help="PDF, .docx, .odt, .epub, .html, .md or .txt files, "
                     "or folders")
    add.add_argument("--conversation", type=ID, metavar="ID", help="for this conversation only, not the library")
    add.add_argument("--json", action="store_true")
    listing = actions.add_parser("list", parents=[common], help="list your documents and their state")
    listing.add_argument("--json", action="store_true")
    remove = actions.add_parser("remove", parents=[common], help="remove documents (the files stay where they are)")
    remove.add_argument("ids", type=ID, nargs="+", metavar="ID")
    reindex = actions.add_parser("reindex", parents=[common], help="read changed files and library folders again")
    reindex.add_argument("--force", action="store_true", help="read every file again, changed or not")
    reindex.add_argument("--json", action="store_true")
    search = actions.add_parser("search", parents=[common], help="find passages of your documents by meaning")
    search.add_argument("query", type=words, metavar="QUERY")
    search.add_argument("--top-k", type=option(limits.SEARCH_TOP_K), default=5, metavar="K")
    search.add_argument("--threshold", type=option(limits.THRESHOLD), default=0.0, metavar="T")
    search.add_argument("--json", action="store_true")
    export = actions.add_parser("export", parents=[common], help="write every document's passages to a JSON Lines "
                                "file (plain text: keep it private)")
    export.add_argument("file", type=file_path, metavar="FILE")


def _add_entity_commands(actions: Subcommands, common: "Parser") -> None:
    """People, places and things the user named (schema v7)."""
    entities = actions.add_parser("entities", parents=[common], help="list the people, places and things "
                                  "your memories name")
    entities.add_argument("--json", action="store_true")
    entities.add_argument("--rebuild", action="store_true", help="read every memory again first")
    show = actions.add_parser("entity", parents=[common], help="show one person, place or thing and its memories")
    show.add_argument("id", type=ID)
    show.add_argument("--json", action="store_true")
    rename = actions.add_parser("entity-rename", parents=[common],
                                help="give one a new name (the old one stays as an alias)")
    rename.add_argument("id", type=ID)
    rename.add_argument("name", type=words, metavar="NAME")
    merge = actions.add_parser("entity-merge", parents=[common], help="OTHER is the same as KEEP: make them one")
    merge.add_argument("keep", type=ID, metavar="KEEP")
    merge.add_argument("other", type=ID, metavar="OTHER")
    forget = actions.add_parser("entity-forget", parents=[common],
                                help="forget one, with the memories only about it (lists them; --yes to do it)")
    forget.add_argument("id", type=ID)
    forget.add_argument("--yes", action="store_true", help="forget what the list shows")


def _add_server_commands(actions: Any, common: argparse.ArgumentParser) -> None:
    """`hearth models add-server|remove-server|agree-server`: models served by Ollama, LM Studio,
    llama.cpp's server or vLLM (an OpenAI-compatible URL), used as MODEL@SERVER."""
    add = actions.add_parser("add-server", parents=[common], help="use the models of an OpenAI-compatible server",
                             description="Add a server's models beside the local ones: choose one as MODEL@NAME "
                             "(--model, model_path, the Models page). Only the model moves: recall, memory and "
                             "what Hearth stores stay here; each message sends the server that turn's prompt, "
                             "with the memories recalled for it.")
    add.add_argument("url", metavar="URL", help="its OpenAI base URL, e.g. http://desktop.local:11434/v1")
    add.add_argument("--name", default="", help="what to call it (default: the host name)")
    add.add_argument("--key-from-env", metavar="VAR", help="read its API key from this environment variable "
                     "(kept in the OS keychain, never in a file)")
    add.add_argument("--trust-cert", metavar="FILE", default="", help="a PEM certificate to trust for this server "
                     "(a self-signed https server); the system's certificates are not used for it then")
    add.add_argument("--yes", action="store_true", help="agree now that recalled memories travel to a server "
                     "that is not on this computer")
    for name, text in (("remove-server", "forget a server and its key"),
                       ("agree-server", "agree that recalled memories travel to this server with each message")):
        action = actions.add_parser(name, parents=[common], help=text, description=text)
        action.add_argument("name", metavar="NAME")
