"""SHOE/1-A (docs/shoe1-auth.md) through the real driver, table controller and journal: a second writer on the
shoe's line (the same pty, the same virtual USB bus) forges, replays and sends plain sentences and reports;
the shoe is swapped mid-round; a storm of device faults arrives. No card but the shoe's own is ever taken,
every real card is journaled once, and what was refused raises an AUTH fault only a pit boss clears."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hwsim.device import ShoeDevice, build_model
from hwsim.pty_transport import PtyTransport
from hwsim.shoe import ShoeModel
from hwsim.usb_transport import UsbTransport
from shoe_harness import keep_the_round_going, simulated_shoe
from tables import acknowledged

from controller.table.controller import TableController
from controller.table.journal import Journal, JournalEntry
from controller.table.pump import CardPump
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from drivers.base import CardEvent, CardSource, DeviceFault, StatusEvent, open_source
from drivers.shoe1 import auth, codec, usb_codec
from drivers.shoe1.messages import CardFrame, Forged, ShoeHello
from drivers.shoe1.serial_auth import HostSession

pytestmark = pytest.mark.timeout(90)

BOSS = User("boris", Role.PIT_BOSS)


# -- the protocol on bytes ---------------------------------------------------------------------------------
def test_shoe1a_two_bit_flip_that_xor_cannot_see_is_caught_by_the_mac() -> None:
    """The cable's two flipped bits turn `$CARD,7,AC*21` into `$CARD,7,QS*21` under the same XOR checksum: plain
    SHOE/1 takes the wrong card; SHOE/1-A's MAC refuses it."""
    plain = codec.decode_sentence(b"$CARD,7,QS*21\r\n")
    assert plain == CardFrame(7, plain.card) and plain.code == "QS"  # type: ignore[union-attr]
    key = auth.ShoeKey.generate()
    host = HostSession(key)
    shoe_nonce = auth.new_nonce()
    hello = ShoeHello("RS-200", "SN1", "1.0", shoe_nonce, auth.hello_tag(key, host.host_nonce, shoe_nonce, "SN1"))
    assert host.open(codec.body_of(hello)) == hello and host.established
    session = auth.session_key(key, host.host_nonce, shoe_nonce)
    sealed = codec.frame(auth.seal_body(session, auth.SHOE_TO_HOST, 0, "CARD,7,AC"))
    flipped = sealed.replace(b"CARD,7,AC", b"CARD,7,QS")
    assert flipped[-4:] == sealed[-4:]  # the XOR checksum is blind to it
    assert isinstance(codec.decode_sentence(flipped, host.open), Forged)
    assert codec.decode_sentence(sealed, host.open) == CardFrame(7, codec.BY_CODE["AC"])
    assert isinstance(codec.decode_sentence(sealed, host.open), Forged)  # the same counter again: a replay


def test_shoe1a_hello_without_the_pairing_key_starts_no_session() -> None:
    key, other = auth.ShoeKey.generate(), auth.ShoeKey.generate()
    host = HostSession(key)
    nonce = auth.new_nonce()
    foreign = ShoeHello("RS-200", "SN1", "1.0", nonce, auth.hello_tag(other, host.host_nonce, nonce, "SN1"))
    assert isinstance(host.open(codec.body_of(foreign)), Forged) and not host.established
    assert isinstance(host.open("CARD,3,AS"), Forged)  # plain SHOE/1 where the key must be proved first


def test_shoe1a_sentences_stay_within_82_bytes_and_the_usb_report_keeps_its_crc() -> None:
    key = auth.ShoeKey.generate()
    session = auth.session_key(key, auth.new_nonce(), auth.new_nonce())
    longest = codec.frame(auth.seal_body(session, "S", auth.MAX_COUNTER, "FAULT,E07,CARD 65535 unacknowledged 5 times"))
    assert len(longest) <= codec.MAX_SENTENCE
    report = usb_codec.encode_report(CardFrame(7, codec.BY_CODE["AS"], 97))
    sealed = usb_codec.seal_report(report, session, 5)
    assert usb_codec.decode_report(sealed) == usb_codec.decode_report(report)
    assert usb_codec.open_report(sealed, session) == 5 and usb_codec.open_report(report, session) is None


def test_shoe_keygen_writes_an_owner_only_key_and_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "shoe.key"
    key = auth.write_key_file(path)
    assert os.stat(path).st_mode & 0o777 == 0o600 and auth.read_key_file(path) == key
    with pytest.raises(auth.KeyFileError, match="never overwritten"):
        auth.write_key_file(path)
    os.chmod(path, 0o644)
    with pytest.raises(auth.KeyFileError, match="chmod 600"):
        auth.read_key_file(path)


def test_shoe_keygen_into_a_folder_not_made_yet_makes_it_owner_only_and_leaves_existing_folders_alone(
        tmp_path: Path) -> None:
    """`rptable shoe keygen /etc/rptable/T4-shoe.key` on a fresh machine, where /etc/rptable is not yet."""
    os.chmod(tmp_path, 0o755)
    path = tmp_path / "etc" / "rptable" / "T4-shoe.key"
    before = os.umask(0o022)
    try:
        key = auth.write_key_file(path)
    finally:
        os.umask(before)
    assert auth.read_key_file(path) == key
    assert [os.stat(folder).st_mode & 0o777 for folder in (tmp_path, path.parent.parent, path.parent)] == \
        [0o755, 0o700, 0o700]
    (tmp_path / "plain").write_text("a file, not a folder")
    with pytest.raises(auth.KeyFileError, match="could not be created: Not a directory"):
        auth.write_key_file(tmp_path / "plain" / "T5-shoe.key")


# -- through the table ---------------------------------------------------------------------------------------
@dataclass
class Table:
    controller: TableController
    journal: Journal
    source: CardSource
    pump: CardPump

    def entries(self) -> list[JournalEntry]:
        return list(self.journal.entries())

    def fault_codes(self) -> list[str]:
        return [e.payload["code"] for e in self.entries() if e.kind == "table.fault"]

    def cards_by_seq(self) -> dict[int, list[str]]:
        """Every card the journal took from the shoe, by seq: placed in a round or held back."""
        recorded: dict[int, list[str]] = {}
        for e in self.entries():
            if e.actor and e.actor.startswith("shoe#") and e.kind in ("CardPlaced", "CardFault"):
                recorded.setdefault(int(e.actor[5:]), []).append(e.payload.get("card") or "??")
            elif e.kind == "table.card_held":
                recorded.setdefault(int(e.payload["seq"]), []).append(e.payload["card"])
        return recorded


@contextlib.contextmanager
def table_on(url: str, tmp_path: Path) -> Iterator[Table]:
    journal = Journal(tmp_path / "T1.journal")
    controller = acknowledged(TableController(journal, load_preset("classic")))
    source = open_source(url)
    try:
        yield Table(controller, journal, source, CardPump(source, controller, pack_seed=1))
    finally:
        source.close()
        journal.close()


def run_table(table: Table, until: Callable[[], bool], within: float = 20.0, *, resolve: bool = True) -> None:
    """The dealer plays on and, when a fault stops play, a pit boss checks and resolves it."""
    deadline = time.monotonic() + within
    opened = False
    while not until() and time.monotonic() < deadline:
        keep_the_round_going(table.controller, BOSS)
        # never past the deadline: a storm's stories pump for 10 ms between the chunks they inject
        event = table.source.recv(timeout=min(0.05, max(0.0, deadline - time.monotonic())))
        if event is None:
            continue
        if isinstance(event, StatusEvent) and event.state == "CONNECTED" and not opened:
            opened = True
            table.source.unlock()  # the shoe starts with its gate closed, until the table listens
        table.pump.handle(event)
        if resolve and (isinstance(event, DeviceFault) or table.controller.faults):
            for fault_id in list(table.controller.faults):
                table.controller.overrides.resolve_fault(fault_id, BOSS, "checked the shoe and its cable")
            table.pump.reopen_gate()


def assert_only_the_shoes_cards_once(table: Table, truth: dict[int, str]) -> None:
    recorded = table.cards_by_seq()
    assert recorded, "no card reached the journal"
    for seq, codes in recorded.items():
        assert seq in truth, f"card {seq} {codes} never left the shoe: forged"
        assert codes == [truth[seq]], f"seq {seq}: journal {codes}, shoe {truth[seq]}"
    first, last = min(recorded), max(recorded)
    assert sorted(recorded) == list(range(first, last + 1)), "a real card is missing"


@dataclass
class PairedPty:
    device: ShoeDevice
    transport: PtyTransport
    model: ShoeModel

    def truth(self) -> dict[int, str]:
        return {d.seq: d.reported.code if d.reported else "??" for d in self.device.dealt()}

    def sent_cards(self) -> list[bytes]:
        return [s for s in list(self.transport.end.wire) if s.startswith(b"$CARD,")]


@contextlib.contextmanager
def paired_pty(key: auth.ShoeKey | None, link_path: Path, *, seed: int = 21, serial: str = "SN000001",
               rate: float = 30.0) -> Iterator[PairedPty]:
    model, link = build_model(seed=seed, rate=rate, heartbeat_interval=0.1, locked=True, serial=serial)
    transport = PtyTransport(link, str(link_path), key)
    device = ShoeDevice(model, link, transport).start()
    try:
        yield PairedPty(device, transport, model)
    finally:
        device.stop()


@pytest.fixture
def keyfile(tmp_path: Path) -> tuple[auth.ShoeKey, Path]:
    path = tmp_path / "shoe.key"
    return auth.write_key_file(path), path


def test_shoe1a_forged_replayed_and_plain_sentences_on_the_same_pty_are_never_cards(
        tmp_path: Path, keyfile: tuple[auth.ShoeKey, Path]) -> None:
    key, key_path = keyfile
    with paired_pty(key, tmp_path / "tty") as shoe, \
            table_on(f"serial://{tmp_path / 'tty'}?baud=115200&hb_timeout=0.6&key={key_path}", tmp_path) as table:
        run_table(table, lambda: len(table.cards_by_seq()) >= 8)
        sessions = [e.payload for e in table.entries() if e.kind == "table.shoe_session"]
        assert sessions and sessions[0]["authenticated"] is True and sessions[0]["key_id"] == key.key_id
        assert sessions[0]["serial"] == "SN000001"
        assert table.controller.shoe_authenticated is True and table.source.status().authenticated

        genuine = shoe.sent_cards()[-1]
        upcoming = max(shoe.truth()) + 1
        attacks = [
            codec.frame(f"CARD,{upcoming},AS"),  # plain SHOE/1, the seq the shoe deals next
            codec.frame(f"CARD,{upcoming},KS,{10**6},{secrets.token_hex(8).upper()}"),  # a made-up MAC
            genuine,  # a real sentence sent again: a replay
            genuine.replace(genuine[6:-12], bytes(reversed(genuine[6:-12]))),  # the same bytes shuffled
            codec.frame("FAULT,E04,jam"),  # a plain device fault
            codec.frame("HELLO,SHOE1,RS-200,SN666,9.9"),  # another device says hello
        ]
        for attack in attacks:
            shoe.transport.inject(attack)
            time.sleep(0.05)
        run_table(table, lambda: len(table.cards_by_seq()) >= 20)
        assert_only_the_shoes_cards_once(table, shoe.truth())
        codes = table.fault_codes()
        assert "AUTH" in codes and "E04" not in codes and "SHOE_CHANGED" not in codes
        forged = int(table.source.status().info["forged"])
        assert forged >= len(attacks) - 1  # the shuffled copy may fail its checksum instead: a bad frame
        resolved = [e for e in table.entries() if e.kind == "table.fault_resolved"]
        assert all(e.payload["actor"] == BOSS.label for e in resolved)  # no AUTH fault cleared itself


def test_shoe1a_a_table_with_a_key_refuses_a_plain_shoe(tmp_path: Path, keyfile: tuple[auth.ShoeKey, Path]) -> None:
    _key, key_path = keyfile
    with paired_pty(None, tmp_path / "tty") as shoe, \
            table_on(f"serial://{tmp_path / 'tty'}?baud=115200&key={key_path}", tmp_path) as table:
        run_table(table, lambda: "AUTH" in table.fault_codes(), resolve=False)
        shoe.device.deal(3)
        run_table(table, lambda: False, within=1.0, resolve=False)
        assert "AUTH" in table.fault_codes() and table.controller.faults
        assert table.cards_by_seq() == {}  # nothing from the unpaired shoe was taken


def test_shoe1a_a_plain_shoe_dealing_on_a_keyed_table_is_locked_and_deals_no_more(
        tmp_path: Path, keyfile: tuple[auth.ShoeKey, Path]) -> None:
    """The simulator without a key (what `shoe-sim --pty` runs), its gate open and dealing, on the pty of a table
    with a key: its cards are refused with an AUTH fault, and the table's LOCK, sent plain since no session can
    start, closes its gate: no card leaves it after. The console's UNLOCK never reaches it unauthenticated.
    Before, the LOCK waited for a session that never came and the shoe dealt on."""
    _key, key_path = keyfile
    model, link = build_model(seed=21, rate=30.0, heartbeat_interval=0.1, locked=False, serial="SN000009")
    device = ShoeDevice(model, link, PtyTransport(link, str(tmp_path / "tty"), None)).start()
    try:
        with table_on(f"serial://{tmp_path / 'tty'}?baud=115200&key={key_path}", tmp_path) as table:
            run_table(table, lambda: "AUTH" in table.fault_codes() and model.locked, within=10.0, resolve=False)
            assert "AUTH" in table.fault_codes() and model.locked
            dealt = len(device.dealt())
            run_table(table, lambda: False, within=1.5, resolve=False)  # the console's UNLOCK is asked meanwhile
            assert model.locked and len(device.dealt()) == dealt, "the shoe dealt on after the table locked it"
            assert table.cards_by_seq() == {}  # nothing from the unpaired shoe was taken
    finally:
        device.stop()


def test_shoe1a_a_shoe_swapped_mid_round_is_a_fault_the_link_coming_back_does_not_clear(
        tmp_path: Path, keyfile: tuple[auth.ShoeKey, Path]) -> None:
    """The paired shoe goes offline mid-round; another shoe with the same key but another serial is plugged
    in on the same port: the table journals it and stops; one with another key is not the paired shoe."""
    key, key_path = keyfile
    link = tmp_path / "tty"
    with table_on(f"serial://{link}?baud=115200&hb_timeout=0.5&key={key_path}", tmp_path) as table:
        with paired_pty(key, link) as shoe:
            run_table(table, lambda: len(table.cards_by_seq()) >= 3)
        truth = shoe.truth()  # the first shoe, now gone
        assert table.controller.round_open
        with paired_pty(key, link, seed=22, serial="SN000002"):
            run_table(table, lambda: "SHOE_CHANGED" in table.fault_codes(), resolve=False)
            run_table(table, lambda: False, within=0.5, resolve=False)
        codes = table.fault_codes()
        assert "OFFLINE" in codes and "SHOE_CHANGED" in codes
        open_codes = {f.code for f in table.controller.faults.values()}
        assert "SHOE_CHANGED" in open_codes and "OFFLINE" not in open_codes  # the link came back; the swap stays
        serials = [e.payload["serial"] for e in table.entries() if e.kind == "table.shoe_session"]
        assert serials[0] == "SN000001" and serials[-1] == "SN000002"
        placed = [(int(e.actor[5:]), e.payload.get("card") or "??") for e in table.entries()
                  if e.actor and e.actor.startswith("shoe#") and e.kind in ("CardPlaced", "CardFault")]
        assert placed and all(truth.get(seq) == code for seq, code in placed)  # the second shoe's cards are held
        for fault_id in list(table.controller.faults):
            table.controller.overrides.resolve_fault(fault_id, BOSS, "the second shoe is the casino's spare")
        foreign = auth.ShoeKey.generate()
        with paired_pty(foreign, link, seed=23, serial="SN000003"):
            run_table(table, lambda: "AUTH" in table.fault_codes(), resolve=False)
        assert "AUTH" in table.fault_codes()
        assert all(e.payload["serial"] != "SN000003" for e in table.entries() if e.kind == "table.shoe_session")


def test_shoe_a_second_hello_with_another_serial_on_a_plain_line_is_a_fault(tmp_path: Path) -> None:
    with paired_pty(None, tmp_path / "tty") as shoe, \
            table_on(f"serial://{tmp_path / 'tty'}?baud=115200", tmp_path) as table:
        run_table(table, lambda: len(table.cards_by_seq()) >= 3)
        assert table.controller.shoe_authenticated is False and table.source.status().authenticated is False
        shoe.transport.inject(codec.frame("HELLO,SHOE1,RS-200,SN666,9.9"))
        run_table(table, lambda: "SHOE_CHANGED" in table.fault_codes(), resolve=False)
        assert "SHOE_CHANGED" in table.fault_codes()
        sessions = [e.payload for e in table.entries() if e.kind == "table.shoe_session"]
        assert all(s["authenticated"] is False and s["key_id"] == "" for s in sessions)


def test_shoe_a_storm_of_device_faults_is_one_fault_with_a_count(tmp_path: Path) -> None:
    """5,000 `$FAULT,X<i>` frames are bad frames, not 5,000 faults; 5,000 jams are one open jam, counted."""
    with paired_pty(None, tmp_path / "tty", rate=0) as shoe, \
            table_on(f"serial://{tmp_path / 'tty'}?baud=115200", tmp_path) as table:
        run_table(table, lambda: table.source.status().connected, within=5)
        bogus = b"".join(codec.frame(f"FAULT,X{i},storm") for i in range(5000))
        jams = b"".join(codec.frame("FAULT,E04,jam") for _ in range(5000))
        for storm in (bogus, jams):
            for start in range(0, len(storm), 2000):
                shoe.transport.inject(storm[start:start + 2000])
                run_table(table, lambda: False, within=0.01, resolve=False)
        run_table(table, lambda: False, within=1.0, resolve=False)
        codes = table.fault_codes()
        assert codes == ["E04"]  # one fault; none of the X codes
        assert table.source.status().frames_dropped >= 4900  # the X frames (a pty may drop a few bytes)
        fault = next(iter(table.controller.faults.values()))
        arrived = table.source.status().faults
        assert arrived >= 4900 and table.controller.fault_count(fault.fault_id) == arrived
        repeats = [e for e in table.entries() if e.kind == "table.fault_repeated"]
        assert len(repeats) <= 13  # powers of two: a storm writes a few entries
        assert f"raised {arrived:,} times" in (table.controller.locked_reason or "")
        # One LOCK per fault was one STAT answer per fault, doubling the storm; a LOCK each half second
        locks_answered = sum(s.startswith(b"$STAT,LOCKED") for s in shoe.transport.end.wire)
        assert locks_answered <= 10, f"{locks_answered} of the last {len(shoe.transport.end.wire)} sentences"
        table.controller.overrides.resolve_fault(fault.fault_id, BOSS, "cleared the jam")
        last = [e.payload for e in table.entries() if e.kind == "table.fault_repeated"][-1]
        assert last == {"fault_id": fault.fault_id, "count": arrived}  # the exact count, journaled at the end


def test_shoe1a_forged_reports_on_the_virtual_usb_bus_are_never_cards(
        tmp_path: Path, keyfile: tuple[auth.ShoeKey, Path]) -> None:
    key, key_path = keyfile
    workdir = Path(tempfile.mkdtemp(prefix="usbshoe"))
    model, link = build_model(seed=31, rate=30, heartbeat_interval=0.1, locked=True)
    transport = UsbTransport(link, model.hello, str(workdir / "usb.sock"), key)
    saved = os.environ.get("HWSIM_USB_SOCKET")
    os.environ["HWSIM_USB_SOCKET"] = transport.socket_path
    device = ShoeDevice(model, link, transport).start()
    try:
        with table_on(f"{transport.address()}&hb_timeout=0.6&key={key_path}", tmp_path) as table:
            run_table(table, lambda: len(table.cards_by_seq()) >= 6)
            assert table.source.status().authenticated
            upcoming = max(d.seq for d in device.dealt()) + 1
            plain = usb_codec.encode_report(CardFrame(upcoming, codec.BY_CODE["AS"], 99))
            other_session = auth.session_key(key, auth.new_nonce(), auth.new_nonce())
            replayed = next(r for r in reversed(transport.wire) if r[0] == usb_codec.REPORT_CARD)
            for report in (plain, usb_codec.seal_report(plain, other_session, 10**6), replayed,
                           usb_codec.encode_report(CardFrame(upcoming + 1, codec.BY_CODE["KS"], 99))):
                transport.inject(report)
                time.sleep(0.05)
            run_table(table, lambda: len(table.cards_by_seq()) >= 16)
            truth = {d.seq: d.reported.code if d.reported else "??" for d in device.dealt()}
            assert_only_the_shoes_cards_once(table, truth)
            assert "AUTH" in table.fault_codes()
            assert int(table.source.status().info["forged"]) >= 4
    finally:
        device.stop()
        shutil.rmtree(workdir, ignore_errors=True)
        if saved is None:
            os.environ.pop("HWSIM_USB_SOCKET", None)
        else:
            os.environ["HWSIM_USB_SOCKET"] = saved


@pytest.mark.parametrize("kind", ["sim", "tcp", "usb"])
def test_shoe1a_the_contract_holds_on_every_transport_with_a_key(kind: str, tmp_path: Path,
                                                                keyfile: tuple[auth.ShoeKey, Path]) -> None:
    """A paired shoe on a noisy cable: every card once, in order, nothing forged, nothing refused."""
    _key, key_path = keyfile
    with simulated_shoe(kind, seed=13, faults="garble=0.05,drop=0.05,dup=0.05", lock_on_fault=False,
                        key=str(key_path)) as shoe:
        cards: list[tuple[int, str]] = []
        faults: list[str] = []
        deadline = time.monotonic() + 20
        opened = False
        while len(cards) < 40 and time.monotonic() < deadline:
            event = shoe.source.recv(timeout=0.1)
            if isinstance(event, StatusEvent) and event.state == "CONNECTED" and not opened:
                opened = True
                assert event.identity is not None and event.identity.authenticated
                shoe.source.unlock()
            elif isinstance(event, CardEvent):
                cards.append((event.seq, event.code))
            elif isinstance(event, DeviceFault):
                faults.append(event.code)
        assert cards == shoe.truth()[:len(cards)] and len(cards) >= 40
        assert "AUTH" not in faults and shoe.source.status().info["forged"] == "0"


@pytest.mark.parametrize("code", ["X1", "E00", "E08", "E99", "E4", "", "E04;"])
def test_shoe1_a_fault_code_outside_e01_to_e07_is_a_bad_frame(code: str) -> None:
    from drivers.shoe1.messages import BadFrame, FaultFrame

    assert isinstance(codec.decode_sentence(codec.frame(f"FAULT,{code},storm")), BadFrame)
    assert codec.decode_sentence(codec.frame("FAULT,E04,jam")) == FaultFrame("E04", "jam")
    report = bytearray(usb_codec.encode_report(FaultFrame("E04", "")))
    for number in (0, 8, 99, 255):
        report[3] = number
        body = bytes(report[:14])
        forged = body + usb_codec.crc16_mcrf4xx(body).to_bytes(2, "little")
        assert isinstance(usb_codec.decode_report(forged), BadFrame)


def test_shoe1a_plain_hellos_with_the_paired_serial_are_one_auth_fault_never_a_new_session(
        tmp_path: Path, keyfile: tuple[auth.ShoeKey, Path]) -> None:
    """The paired shoe's serial is readable on the wire, and a plain HELLO carrying it restarted the
    SHOE/1-A session: 2,000 of them journaled 1,834 sessions, their seals and a SEQ_GAP. On a keyed link a plain
    HELLO is an AUTH fault, never a restart; a storm of them is one fault with a count, a few entries a second."""
    key, key_path = keyfile
    with paired_pty(key, tmp_path / "tty") as shoe, \
            table_on(f"serial://{tmp_path / 'tty'}?baud=115200&hb_timeout=0.6&key={key_path}", tmp_path) as table:
        run_table(table, lambda: len(table.cards_by_seq()) >= 3)
        sessions = sum(e.kind == "table.shoe_session" for e in table.entries())
        written = len(table.entries())
        hello = codec.frame(codec.body_of(shoe.model.hello))  # the paired shoe's own plain HELLO, as on the wire
        started, cpu = time.monotonic(), time.process_time()
        for _ in range(20):
            shoe.transport.inject(hello * 100)
            run_table(table, lambda: False, within=0.05, resolve=False)
        run_table(table, lambda: False, within=1.0, resolve=False)
        seconds, cpu = time.monotonic() - started, time.process_time() - cpu
        journaled = len(table.entries()) - written
        print(f"2,000 plain HELLOs: {journaled} entries journaled in {seconds:.1f} s, {cpu:.2f} s of CPU")
        assert sum(e.kind == "table.shoe_session" for e in table.entries()) == sessions  # no new session
        assert "AUTH" in table.fault_codes() and "SEQ_GAP" not in table.fault_codes()
        assert journaled <= 5 * seconds + 10, f"{journaled} entries in {seconds:.1f} s"
        assert int(table.source.status().info["forged"]) >= 1900  # every one counted (a pty may drop a few bytes)
        for fault_id in list(table.controller.faults):
            table.controller.overrides.resolve_fault(fault_id, BOSS, "checked the shoe's line")
        table.pump.reopen_gate()
        run_table(table, lambda: len(table.cards_by_seq()) >= 8)  # the paired shoe's session goes on
        assert_only_the_shoes_cards_once(table, shoe.truth())


def test_shoe1a_the_plain_simulator_dealing_on_a_keyed_table_costs_a_few_events_a_second_not_a_storm(
        tmp_path: Path, keyfile: tuple[auth.ShoeKey, Path]) -> None:
    """The product's own plain `shoe-sim --pty` on a table with a key. Each of its frames was an AUTH
    fault with a LOCK, which the shoe answered with a STAT, itself forged: 61,568 events in 10 s and 45% of a core,
    until unplugged. Now the first forgery locks the shoe and the rest are counted: a few events a second."""
    _key, key_path = keyfile
    model, link = build_model(seed=21, rate=30.0, heartbeat_interval=1.0, locked=False, serial="SN000009")
    device = ShoeDevice(model, link, PtyTransport(link, str(tmp_path / "tty"), None)).start()
    try:
        with table_on(f"serial://{tmp_path / 'tty'}?baud=115200&key={key_path}", tmp_path) as table:
            run_table(table, lambda: "AUTH" in table.fault_codes(), within=10.0, resolve=False)
            events, written = 0, len(table.entries())
            started, cpu = time.monotonic(), time.process_time()
            while time.monotonic() - started < 3.0:
                event = table.source.recv(timeout=0.05)
                if event is not None:
                    events += 1
                    table.pump.handle(event)
            seconds, cpu = time.monotonic() - started, time.process_time() - cpu
            journaled = len(table.entries()) - written
            print(f"plain shoe on a keyed table: {events / seconds:.1f} events/s, {journaled} entries journaled, "
                  f"{100 * cpu / seconds:.0f}% of a core, {table.source.status().info['forged']} forged")
            assert events <= 5 * seconds, f"{events} events in {seconds:.1f} s"
            assert journaled <= 5 and model.locked and table.cards_by_seq() == {}
    finally:
        device.stop()


def test_shoe1a_a_paired_shoe_that_powered_up_again_is_greeted_anew_once_it_falls_silent(
        tmp_path: Path, keyfile: tuple[auth.ShoeKey, Path]) -> None:
    """Its plain power-up HELLO proves nothing (an AUTH fault, as anyone's would be), and it says nothing more until
    asked; once the table calls it offline, the link asks it for a new session, and its cards come on in order."""
    key, key_path = keyfile
    with paired_pty(key, tmp_path / "tty") as shoe, \
            table_on(f"serial://{tmp_path / 'tty'}?baud=115200&hb_timeout=0.6&key={key_path}", tmp_path) as table:
        run_table(table, lambda: len(table.cards_by_seq()) >= 3)
        shoe.transport.end.reconnected()  # the shoe restarts: its session is gone
        shoe.transport.inject(codec.frame(codec.body_of(shoe.model.hello)))  # and it says its plain HELLO
        seen = len(table.cards_by_seq())
        run_table(table, lambda: len(table.cards_by_seq()) >= seen + 5)
        codes = table.fault_codes()
        assert "AUTH" in codes and "OFFLINE" in codes
        sessions = [e.payload for e in table.entries() if e.kind == "table.shoe_session"]
        assert len(sessions) == 2 and all(s["authenticated"] and s["key_id"] == key.key_id for s in sessions)
        assert_only_the_shoes_cards_once(table, shoe.truth())
