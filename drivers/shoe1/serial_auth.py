"""The host's side of SHOE/1-A on a serial line or socket: the handshake, and every sentence checked and sealed.

Pure (no I/O): the serial link feeds it the BODY of each sentence whose checksum held and sends what it seals.
A session starts when the shoe answers the host's `HELLO,<host id>,A1,<hn>` with a tag that proves it holds
the pairing key; from then on every sentence either way carries its direction's counter and MAC. What fails
(a bad or missing MAC, a counter that is not new, a HELLO without the key's tag, plain SHOE/1 once paired) is
`Forged`: never a card.
"""

from __future__ import annotations

from drivers.shoe1 import auth, codec
from drivers.shoe1.messages import HOST_ID, BadFrame, Decoded, Forged, HostHello, HostMessage, ShoeHello


class HostSession:
    """One link's SHOE/1-A state on the host: the host's nonce, the session key, and both counters."""

    def __init__(self, key: auth.ShoeKey) -> None:
        self.key = key
        self.host_nonce = ""
        self._session: bytes | None = None
        self._sent = 0  # the host's next counter
        self._last_accepted = -1  # the shoe's last counter taken
        self._shoe_nonces: set[str] = set()  # answers already taken for this host nonce: a replayed one is forged
        self.restart()

    @property
    def established(self) -> bool:
        return self._session is not None

    def restart(self) -> HostHello:
        """Forget the session (a new link, a shoe that restarted) and greet with a fresh nonce."""
        self.host_nonce = auth.new_nonce()
        self._session = None
        self._shoe_nonces.clear()
        return self.hello()

    def hello(self) -> HostHello:
        """The host's HELLO of this handshake (sent again, unchanged, until the shoe answers)."""
        return HostHello(HOST_ID, self.host_nonce)

    # -- shoe -> host --------------------------------------------------------------------------------------
    def open(self, body: str, raw: bytes = b"") -> Decoded:
        """A sentence's BODY as a message, checked: the SentenceReader's body parser on an authenticated link."""
        if body.startswith("HELLO,"):
            return self._hello(codec.parse_shoe_body(body, raw), raw)
        session = self._session
        if session is None:
            if auth.split_sealed(body) is None:
                return Forged("a plain SHOE/1 sentence where the shoe must first prove the pairing key", raw)
            # Sealed for a session this link has not (yet) started: the shoe's last one, before our HELLO.
            return BadFrame("sealed for an earlier session: dropped until the handshake", raw)
        opened = auth.open_body(session, auth.SHOE_TO_HOST, body)
        if isinstance(opened, str):
            return Forged(opened, raw)
        if opened.counter <= self._last_accepted:
            return Forged(f"replayed: counter {opened.counter} was used already (last {self._last_accepted})", raw)
        self._last_accepted = opened.counter
        return codec.parse_shoe_body(opened.fields, raw)

    def _hello(self, hello: Decoded, raw: bytes) -> Decoded:
        """A plain HELLO passes (a shoe powering up: the link greets it again); an A1 answer starts a session
        only with the pairing key's tag for this handshake's nonce, and only once."""
        if not isinstance(hello, ShoeHello) or not hello.authenticated:
            return hello
        expected = auth.hello_tag(self.key, self.host_nonce, hello.nonce, hello.serial)
        if not auth.same(hello.tag, expected):
            return Forged("the shoe's HELLO does not prove the pairing key: this is not the shoe paired with the "
                          "table", raw)
        if hello.nonce in self._shoe_nonces:
            return Forged("replayed: the shoe's HELLO answer was taken already", raw)
        self._shoe_nonces.add(hello.nonce)
        self._session = auth.session_key(self.key, self.host_nonce, hello.nonce)
        self._sent, self._last_accepted = 0, -1
        return hello

    # -- host -> shoe --------------------------------------------------------------------------------------
    def seal(self, message: HostMessage) -> bytes:
        """The sentence for a host message: HELLO plain, everything else with the host's counter and MAC."""
        if isinstance(message, HostHello) or self._session is None:
            return codec.encode(message)
        counter, self._sent = self._sent, self._sent + 1
        return codec.frame(auth.seal_body(self._session, auth.HOST_TO_SHOE, counter, codec.body_of(message)))
