"""SHOE/1-A, the authenticated SHOE/1: the pairing key, its file, and the handshake's and messages' MACs.

Pure functions over bytes and text (the key file's reading and writing aside), shared by the host's driver and
the simulated shoe, on serial lines and on USB. HMAC is HMAC-SHA256; `hex8(x)` is the first 8 bytes of x as 16
upper-case hex digits; nonces enter every HMAC as the upper-case hex they are sent as (docs/shoe1-auth.md).
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
import struct
from dataclasses import dataclass, field
from pathlib import Path

from drivers.named_files import NamedFileError, read_named_file_and_mode

KEY_BYTES = 32
NONCE_BYTES = 8
MAC_HEX = 16  # hex8: a sentence's MAC and a HELLO's tag
USB_MAC_BYTES = 4
SHOE_TO_HOST, HOST_TO_SHOE = "S", "H"
A1 = "A1"  # the HELLO field that says "SHOE/1-A"
MAX_COUNTER = 2**32 - 1  # ctr is a uint32 on USB; serial sentences keep to the same range


class KeyFileError(ValueError):
    """A shoe key file that cannot be used; the message says what is wrong and what to do."""


@dataclass(frozen=True)
class ShoeKey:
    """The 32-byte key K a shoe shares with its table. `key_id` names it without giving it away."""

    secret: bytes = field(repr=False)

    def __post_init__(self) -> None:
        if len(self.secret) != KEY_BYTES:
            raise KeyFileError(f"a SHOE/1-A key is {KEY_BYTES} bytes, not {len(self.secret)}")

    @property
    def key_id(self) -> str:
        """The first 8 hex digits of SHA-256(K)."""
        return hashlib.sha256(self.secret).hexdigest()[:8]

    @classmethod
    def generate(cls) -> ShoeKey:
        return cls(secrets.token_bytes(KEY_BYTES))


# -- the key file --------------------------------------------------------------------------------------------
def write_key_file(path: str | Path) -> ShoeKey:
    """A new random key in a new file of 64 hex digits, readable and writable by this user only (0600); the
    folders missing on its path are made, owner-only (0700). An existing file is never overwritten: a shoe
    paired with it would stop working."""
    key = ShoeKey.generate()
    try:
        _make_folders(Path(path).parent)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise KeyFileError(f"{path} exists already: a key is never overwritten (the shoe paired with it would be "
                           "refused). Give a new path, or remove the old key once its shoe is paired anew.") from None
    except OSError as err:
        raise KeyFileError(f"{path} could not be created: {err.strerror}. Check the folder and its permissions.") \
            from err
    with os.fdopen(fd, "w", encoding="ascii") as out:
        os.fchmod(out.fileno(), 0o600)  # whatever the umask said
        out.write(key.secret.hex() + "\n")
    return key


def _make_folders(folder: Path) -> None:
    """`folder` and its missing parents, each made owner-only (0700) whatever the umask; existing ones untouched."""
    missing = []
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        try:
            os.mkdir(made, 0o700)
        except FileExistsError:
            continue  # made meanwhile by someone else: theirs, left as it is
        os.chmod(made, 0o700)


def read_key_file(path: str | Path) -> ShoeKey:
    """The key in a file of 64 hex digits; KeyFileError when it is missing, malformed, or readable by others."""
    try:  # a regular file, read without waiting: a FIFO named as the key hung the program at its open
        data, mode = read_named_file_and_mode(path, 4 * KEY_BYTES + 1)
    except NamedFileError as err:
        raise KeyFileError(f"The shoe key {path} cannot be used: {err.strerror}") from err
    except FileNotFoundError:
        raise KeyFileError(f"The shoe key {path} does not exist: make one with `rptable shoe keygen PATH` and "
                           "install it in the shoe.") from None
    except OSError as err:
        raise KeyFileError(f"The shoe key {path} cannot be read: {err.strerror}.") from err
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyFileError(f"The shoe key {path} can be read by other users (mode {stat.S_IMODE(mode):o}): anyone who "
                           f"reads it can forge cards. Make it owner-only (chmod 600 {path}) and pair the shoe anew.")
    text = data.decode("ascii", "replace").strip()
    if len(text) != 2 * KEY_BYTES or any(c not in "0123456789abcdefABCDEF" for c in text):
        raise KeyFileError(f"The shoe key {path} is not {2 * KEY_BYTES} hex digits: make one with `rptable shoe "
                           "keygen PATH`.")
    return ShoeKey(bytes.fromhex(text))


# -- the MACs ------------------------------------------------------------------------------------------------
def new_nonce() -> str:
    """8 random bytes as 16 upper-case hex digits."""
    return secrets.token_bytes(NONCE_BYTES).hex().upper()


def is_nonce(text: str) -> bool:
    return len(text) == 2 * NONCE_BYTES and all(c in "0123456789ABCDEF" for c in text)


def hex8(digest: bytes) -> str:
    return digest[:8].hex().upper()


def _hmac(key: bytes, text: str | bytes) -> bytes:
    return hmac.digest(key, text.encode("ascii") if isinstance(text, str) else text, "sha256")


def hello_tag(key: ShoeKey, host_nonce: str, shoe_nonce: str, serial: str) -> str:
    """The shoe's proof in its HELLO that it holds K."""
    return hex8(_hmac(key.secret, f"SHOE1-A hello,{host_nonce},{shoe_nonce},{serial}"))


def session_key(key: ShoeKey, host_nonce: str, shoe_nonce: str) -> bytes:
    """S, the key of one session: from K and both nonces, so no session's messages fit another."""
    return _hmac(key.secret, f"SHOE1-A session,{host_nonce},{shoe_nonce}")


def same(a: str | bytes, b: str | bytes) -> bool:
    """Compare two MACs (both text or both bytes) in constant time."""
    left = a.encode("ascii", "replace") if isinstance(a, str) else a
    right = b.encode("ascii", "replace") if isinstance(b, str) else b
    return hmac.compare_digest(left, right)


# -- serial sentences ----------------------------------------------------------------------------------------
def sentence_mac(session: bytes, direction: str, counter: int, fields: str) -> str:
    return hex8(_hmac(session, f"{direction},{counter},{fields}"))


def seal_body(session: bytes, direction: str, counter: int, fields: str) -> str:
    """A sentence's BODY with its counter and MAC: `FIELDS,<ctr>,<mac>`."""
    return f"{fields},{counter},{sentence_mac(session, direction, counter, fields)}"


@dataclass(frozen=True, slots=True)
class Opened:
    """A sealed BODY whose MAC held: its FIELDS and its counter."""

    fields: str
    counter: int


def split_sealed(body: str) -> tuple[str, int, str] | None:
    """FIELDS, counter and MAC of a BODY shaped like a sealed one; None for a plain SHOE/1 body."""
    head, comma, mac = body.rpartition(",")
    fields, comma2, counter_text = head.rpartition(",")
    if not comma or not comma2 or len(mac) != MAC_HEX or not counter_text.isdigit() or len(counter_text) > 10:
        return None
    counter = int(counter_text)
    return (fields, counter, mac) if counter <= MAX_COUNTER else None


def open_body(session: bytes, direction: str, body: str) -> Opened | str:
    """The FIELDS and counter of a sealed BODY, or why it is no authentic sentence (no counter or MAC: plain
    SHOE/1; a MAC that does not hold: forged, changed on the way, or made for another session)."""
    parts = split_sealed(body)
    if parts is None:
        return "no counter and MAC: a plain SHOE/1 sentence on an authenticated link"
    fields, counter, mac = parts
    if not same(mac, sentence_mac(session, direction, counter, fields)):
        return "its MAC does not hold: the sentence was forged or changed on the way"
    return Opened(fields, counter)


# -- USB -----------------------------------------------------------------------------------------------------
def usb_hello_tag(key: ShoeKey, host_nonce: bytes, shoe_nonce: bytes, serial: str) -> bytes:
    """HELLO_REPLY's tag: the first 8 bytes of the same HMAC as on serial, the nonces in upper-case hex."""
    return _hmac(key.secret, f"SHOE1-A hello,{host_nonce.hex().upper()},{shoe_nonce.hex().upper()},{serial}")[:8]


def usb_session_key(key: ShoeKey, host_nonce: bytes, shoe_nonce: bytes) -> bytes:
    return session_key(key, host_nonce.hex().upper(), shoe_nonce.hex().upper())


def report_mac(session: bytes, head: bytes) -> bytes:
    """Bytes 10-13 of an interrupt report: HMAC(S, "S" + bytes 0-9), first 4 bytes."""
    return _hmac(session, b"S" + head)[:USB_MAC_BYTES]


def control_data(session: bytes, request: int, value: int, counter: int) -> bytes:
    """The 8-byte data stage of an authenticated ACK, LOCK, UNLOCK or RESYNC: ctr (LE) + its MAC."""
    packed = struct.pack("<I", counter)
    mac = _hmac(session, b"H" + bytes([request]) + struct.pack("<H", value & 0xFFFF) + packed)[:USB_MAC_BYTES]
    return packed + mac


def open_control(session: bytes, request: int, value: int, data: bytes) -> int | None:
    """The counter of an authentic request's data stage; None when it is missing or its MAC does not hold."""
    if len(data) != 2 * USB_MAC_BYTES:
        return None
    (counter,) = struct.unpack_from("<I", data)
    return counter if same(control_data(session, request, value, counter), data) else None
