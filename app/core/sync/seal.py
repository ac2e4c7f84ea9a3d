"""What crosses the sync folder, sealed: AES-256-GCM under the sync key.

A segment's associated data binds it to its place — the folder's id, the device and the sequence
number in its file name — so a segment copied to another name (replayed), swapped with another
(reordered), cut short (truncated) or changed (tampered) fails authentication and is refused whole.

A link code carries the sync key to a new device wrapped under a key derived with scrypt from a
passphrase the person types on both machines; the code alone opens nothing.
"""

from __future__ import annotations

import base64
import os
import zlib

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from app.errors import KnownError

KEY_BYTES = 32
NONCE_BYTES = 12
SEGMENT_MAGIC = b"HSJ1"
LINK_PREFIX = "HEARTH-LINK-1-"
_SALT_BYTES = 16
_SCRYPT_N = 2 ** 15  # ~0.1 s and 32 MiB here: cheap once per link, costly for guessing passphrases


class Unsealable(Exception):
    """Authentication failed: wrong key, or the bytes are not what was sealed there."""


def new_key() -> bytes:
    return AESGCM.generate_key(bit_length=256)


def seal_segment(key: bytes, place: bytes, plaintext: bytes) -> bytes:
    nonce = os.urandom(NONCE_BYTES)
    return SEGMENT_MAGIC + nonce + AESGCM(key).encrypt(nonce, zlib.compress(plaintext, 6), SEGMENT_MAGIC + place)


def open_segment(key: bytes, place: bytes, sealed: bytes) -> bytes:
    if not sealed.startswith(SEGMENT_MAGIC) or len(sealed) < len(SEGMENT_MAGIC) + NONCE_BYTES + 16:
        raise Unsealable("not a Hearth journal segment, or cut short")
    nonce = sealed[len(SEGMENT_MAGIC):len(SEGMENT_MAGIC) + NONCE_BYTES]
    try:
        packed = AESGCM(key).decrypt(nonce, sealed[len(SEGMENT_MAGIC) + NONCE_BYTES:], SEGMENT_MAGIC + place)
    except InvalidTag:
        raise Unsealable("it does not authenticate: changed, cut short, moved or sealed with another key") from None
    return zlib.decompress(packed)


def key_check(key: bytes, folder_id: str) -> str:
    """A value that shows a key belongs to a folder without revealing it (stored in the folder)."""
    nonce = bytes(NONCE_BYTES)  # fixed: this seals one constant once per key; it hides nothing secret
    return AESGCM(key).encrypt(nonce, b"hearth-sync-key", folder_id.encode()).hex()


def _kek(passphrase: str, salt: bytes) -> bytes:
    return Scrypt(salt=salt, length=KEY_BYTES, n=_SCRYPT_N, r=8, p=1).derive(passphrase.encode())


def make_link_code(key: bytes, folder_id: str, passphrase: str) -> str:
    salt, nonce = os.urandom(_SALT_BYTES), os.urandom(NONCE_BYTES)
    wrapped = AESGCM(_kek(passphrase, salt)).encrypt(nonce, key, folder_id.encode())
    body = bytes.fromhex(folder_id) + salt + nonce + wrapped
    return LINK_PREFIX + base64.b32encode(body).decode().rstrip("=")


def read_link_code(code: str) -> tuple[str, bytes, bytes, bytes]:
    """(folder id, salt, nonce, wrapped key) from a link code, or a KnownError saying it is not one."""
    text = "".join(code.split()).upper()
    if not text.startswith(LINK_PREFIX):
        raise KnownError("that is not a Hearth link code", "copy the whole code `hearth sync link` printed")
    raw = text[len(LINK_PREFIX):]
    try:
        body = base64.b32decode(raw + "=" * (-len(raw) % 8))
    except ValueError:
        raise KnownError("the link code is damaged", "copy the whole code again, without changes") from None
    if len(body) != 16 + _SALT_BYTES + NONCE_BYTES + KEY_BYTES + 16:
        raise KnownError("the link code is incomplete", "copy the whole code again, without changes")
    folder_id = body[:16].hex()
    rest = body[16:]
    return folder_id, rest[:_SALT_BYTES], rest[_SALT_BYTES:_SALT_BYTES + NONCE_BYTES], rest[_SALT_BYTES + NONCE_BYTES:]


def unwrap_link_key(code: str, passphrase: str) -> tuple[str, bytes]:
    """(folder id, sync key); a wrong passphrase raises KnownError and yields nothing."""
    folder_id, salt, nonce, wrapped = read_link_code(code)
    try:
        return folder_id, AESGCM(_kek(passphrase, salt)).decrypt(nonce, wrapped, folder_id.encode())
    except InvalidTag:
        raise KnownError("the link passphrase is wrong (or the code was changed): nothing was joined",
                         "type the passphrase you chose when the code was made, or make a new code") from None
