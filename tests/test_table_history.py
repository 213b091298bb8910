"""The table's history (docs/journal.md "The journal", "Faults"): every table event has one codec to and from its
journal payload, old journals read the same, and one fold of the journal gives the table as it stood: the live
table, a restarted one and the audit agree on the rules, rounds, faults, adjustments, confirmed payments and
who dealt."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from forgery import rehash
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import acknowledged

from controller.engine import IllegalCommand
from controller.table import table_events
from controller.table.audit.rounds import read_rounds, verify_journal
from controller.table.controller import TableController
from controller.table.history import HistoryError, TableHistory
from controller.table.journal import Journal, payload_to_json
from controller.table.pump import CardPump
from controller.table.qa.autoplay import QA_PIT_BOSS, play_rounds
from controller.table.rule_files import load_preset
from controller.table.security.users import Role, User
from drivers.base import open_source

OLD_JOURNALS = Path(__file__).parent / "data" / "journals-main-cb3386e"
ANNA = User("anna", Role.DEALER)
IVAN = User("ivan", Role.DEALER)
BORIS = User("boris", Role.PIT_BOSS)

EXAMPLES = [
    table_events.RulesSet(load_preset("online"), "pit_boss:boris", "night shift"),
    table_events.RoundOpened("T1-000007", 7, "classic"),
    table_events.TableFaultRaised("F3", "E04", "Jam in the shoe.", "sim://", clears_itself=False),
    table_events.TableFaultResolved("F3", "pit_boss:boris", "cleared the jam"),
    table_events.ClockRebased(1_750_000_000.5, 1_749_999_700.25, "pit_boss:boris"),
    table_events.PaymentAdjusted("T1-000006", 2, -40, "pit_boss:boris", "paid twice"),
    table_events.SessionMarked("simulation", {"seed": 3}),
    table_events.CardHeld("??", 41, "serial:///dev/ttyUSB0", "no round was expecting a card"),
    table_events.PaymentConfirmed("T1-000007", 3, 250, "dealer:anna"),
    table_events.ConfirmationUndone("T1-000007", 3, "pit_boss:boris", "the player was paid 25, not 250"),
    table_events.DealerSignedIn("dealer:anna"),
    table_events.DealerSignedOut("dealer:anna"),
    table_events.RulesEdgeAcknowledged("9d2781a2425f", "player", "The rules 'online' favour a skilled player: ...",
                                       "admin:ada", "promotion night"),
    table_events.JackpotPaid("T1-000007", 1, 3, 100_050, "pit_boss:boris"),
    table_events.JackpotRejected("T1-000008", 2, 4, "pit_boss:boris", "misdeal: box 2 held six cards"),
    table_events.ShowdownSeen("T1-000007", "camera+sim://?deck=casino-red",
                              {"1": {"cards": ["AS", "KD", "5C", "5H", "QS"], "unreadable": 0},
                               "dealer": {"cards": ["AH", "KH", "2D", "3S"], "unreadable": 1}},
                              [{"spot": "1", "kind": "not_dealt_here", "card": "QS", "dealt_to": None},
                               {"spot": "1", "kind": "missing", "card": "TD", "dealt_to": None}],
                              ["dealer"], "F4"),
    table_events.Signature("0123456789abcdef", 41, "ab" * 32, "c2ln", "cHVibGlj"),
    table_events.TwoPersonLimit(2_000, "pit_boss:boris", "house policy"),
    table_events.SecondPerson("void", "T1-000007", 6_000, "pit_boss:vera", "pit_boss:boris"),
    table_events.ProgramVerified("0.1.0", "cd" * 32, 214),
    table_events.ShoeSessionStarted("serial:///dev/ttyUSB0?key=/etc/rptable/shoe.key", "RS-200", "SN000123", "2.4.1",
                                    "855d624f", True),
    table_events.TableFaultRepeated("F3", 4096),
    table_events.JournalUpgraded("round index", 310, 18_860),
    table_events.AccountsSeen("ab" * 16, "cd" * 32, 12, "ef" * 32, "pit_boss:vera", "the store was restored"),
    table_events.ShoePolicy(True, "floor"),
]


def _present() -> dict:
    history = TableHistory(every_round=False)
    history.fold_event(table_events.RulesSet(load_preset("classic"), "setup", "new table"), 1.0, None)
    history.fold_event(table_events.DealerSignedIn("dealer:anna"), 2.0, None)
    history.fold_event(table_events.TableFaultRaised("F1", "E04", "Jam.", "shoe"), 3.0, None)
    return json.loads(payload_to_json(history.present()))


EXAMPLES.append(table_events.Checkpoint(50, _present()))


def test_journal_every_table_event_reads_back_from_its_payload_as_itself():
    assert {type(e) for e in EXAMPLES} == set(table_events.TABLE_EVENT_TYPES.values())
    for event in EXAMPLES:
        stored = json.loads(payload_to_json(event.payload()))  # as the journal holds it
        assert table_events.table_event_from(event.KIND, stored) == event


def test_journal_table_event_payloads_are_those_rptable_has_always_written():
    assert table_events.TableFaultRaised("F1", "CLOCK", "The clock jumped back 300 s.", "clock").payload() == {
        "fault_id": "F1", "code": "CLOCK", "text": "The clock jumped back 300 s.", "source": "clock",
        "clears_itself": False}
    rebased = table_events.ClockRebased(1.5, 2.5, "pit_boss:anna")
    assert rebased.payload() == {"from": 1.5, "to": 2.5, "actor": "pit_boss:anna"}
    opened = table_events.RoundOpened("T1-000001", 1, "classic")
    assert opened.payload() == {"round_id": "T1-000001", "number": 1, "rules": "classic"}
    assert table_events.SessionMarked("fixture", {"seed": 21}).payload() == {"mode": "fixture", "seed": 21}


@pytest.mark.parametrize("journal", sorted(OLD_JOURNALS.glob("*.journal.gz")), ids=lambda p: p.name[:-11])
def test_journal_table_events_of_a_journal_written_before_the_redesign_read_and_write_the_same(tmp_path, journal):
    path = tmp_path / "T1.journal"
    path.write_bytes(gzip.decompress(journal.read_bytes()))
    with Journal(path, readonly=True) as old:
        entries = list(old.table_entries())
    assert entries
    for entry in entries:
        event = table_events.table_event_from(entry.kind, entry.payload)
        assert payload_to_json(event.payload()) == entry.payload_json, entry.seq


@pytest.mark.parametrize(("kind", "payload", "named"), [
    ("table.fault", {"code": "E04", "text": "jam", "source": "sim://"}, "fault_id"),
    ("table.adjustment", {"round_id": "T1-000001", "box": "two", "amount": 5, "actor": "pit_boss:b",
                          "reason": "r"}, "box"),
    ("table.adjustment", {"round_id": "T1-000001", "box": 2, "amount": True, "actor": "pit_boss:b",
                          "reason": "r"}, "amount"),
    ("table.rules", {"rules": {"name": "x", "draw": {"exchange_price": "fixed"}}, "actor": "setup",
                     "reason": "new table"}, "exchange_price"),
    ("table.teleport", {}, "not a table event"),
])
def test_journal_a_damaged_table_event_is_named_with_its_field(kind, payload, named):
    with pytest.raises(table_events.TableEventFormatError, match=named):
        table_events.table_event_from(kind, payload)


def test_journal_a_round_opened_before_any_rules_cannot_be_folded():
    history = TableHistory()
    with pytest.raises(HistoryError, match="before any house rules"):
        history.fold_event(table_events.RoundOpened("T1-000001", 1, "classic"), 1.0, "T1-000001")


def played_table(path, rounds=2, seed=4):
    journal = Journal(path)
    table = acknowledged(TableController(journal, load_preset("classic")))
    pump = CardPump(open_source(f"sim://?seed={seed}&rate=0&clock=virtual"), table, pack_seed=seed)
    play_rounds(table, pump, rounds, boxes=3, ante=10)
    pump.source.close()
    return journal, table


def test_payments_the_dealer_confirms_each_box_and_only_a_pit_boss_undoes_a_confirmation(tmp_path):
    path = tmp_path / "T1.journal"
    journal, table = played_table(path)
    record = table.round_record
    first = record.boxes[0]
    table.overrides.adjust_payment(record.round_id, first.box, 15, BORIS, "short-paid")
    table.confirm_payment(first.box, ANNA)
    assert record.confirmed[first.box].amount == first.settlement.net + 15 == record.net(first)
    with pytest.raises(IllegalCommand, match="confirmed already"):
        table.confirm_payment(first.box, ANNA)
    with pytest.raises(IllegalCommand, match="pit boss"):
        table.overrides.undo_confirmation(first.box, ANNA, "oops")
    table.overrides.undo_confirmation(first.box, BORIS, "the player was not paid the adjustment")
    assert first.box not in record.confirmed
    with pytest.raises(IllegalCommand, match="nothing to undo"):
        table.overrides.undo_confirmation(first.box, BORIS, "again")
    table.confirm_payment(first.box, ANNA)
    with pytest.raises(IllegalCommand, match="no settled payment"):
        table.confirm_payment(9, ANNA)
    journal.close()
    with Journal(path) as again:
        restarted = TableController(again)
        assert restarted.round_record.confirmed == record.confirmed
        assert verify_journal(list(again.entries())).ok


def test_payments_a_confirmation_undone_without_a_pit_boss_fails_verification(tmp_path):
    path = tmp_path / "T1.journal"
    journal, table = played_table(path)
    box = table.round_record.boxes[0].box
    table.confirm_payment(box, ANNA)
    journal.close()
    undone = table_events.ConfirmationUndone(table.round_id, box, "dealer:anna", "changed my mind")

    def undo_by_the_dealer(rows):
        last = rows[-1]
        return [*rows, [last[0] + 1, "T1", last[2], undone.round_id, undone.KIND, 1, "dealer:anna",
                        payload_to_json(undone.payload()), ""]]

    rehash(path, undo_by_the_dealer)
    with Journal(path, readonly=True) as forged:
        report = verify_journal(list(forged.entries()))
        assert not report.ok and report.first_bad_event == forged.last_seq
    assert "without a pit boss" in report.reason


def test_dealers_sign_in_and_out_and_each_round_records_who_dealt_it(tmp_path):
    path = tmp_path / "T1.journal"
    journal, table = played_table(path, rounds=1)
    table.staff.sign_in(ANNA)
    pump = CardPump(open_source("sim://?seed=4&rate=0&clock=virtual"), table, pack_seed=4)
    play_rounds(table, pump, 2, boxes=3, ante=10)
    pump.source.close()
    table.staff.sign_out()
    with pytest.raises(IllegalCommand, match="No dealer"):
        table.staff.sign_out()
    rounds = read_rounds(journal.entries())
    assert [r.dealt_by for r in rounds] == [None, "dealer:anna"]
    assert TableHistory.read(journal.entries()).dealer is None
    journal.close()


ACTIONS = st.lists(st.sampled_from(["round", "fault", "resolve", "adjust", "confirm", "undo", "sign_in",
                                    "sign_out", "session"]), min_size=1, max_size=8)


@settings(max_examples=12, deadline=None)
@given(actions=ACTIONS)
def test_recovery_the_history_folded_from_the_journal_is_the_live_tables(tmp_path_factory, actions):
    """Whatever the table did, a restarted table (the present fold) and the audit (every round) agree with the
    live one on the rules, the faults, the adjustments, the session, the dealer and the last round."""
    path = tmp_path_factory.mktemp("history") / "T1.journal"
    journal, table = played_table(path, rounds=1)
    pump = CardPump(open_source("sim://?seed=4&rate=0&clock=virtual"), table, pack_seed=4)
    for action in actions:
        record = table.round_record
        if action == "round" and not table.faults:
            play_rounds(table, pump, table.round_number + 1, boxes=3, ante=10)
        elif action == "fault":
            table.raise_fault(f"E0{len(table.faults) + 1}", "The shoe reports a fault.", "sim://")
        elif action == "resolve" and table.faults:
            table.overrides.resolve_fault(next(iter(table.faults)), QA_PIT_BOSS, "checked")
        elif action == "adjust":
            table.overrides.adjust_payment(record.round_id, record.boxes[-1].box, 5, BORIS, "chip count")
        elif action == "confirm" and not record.is_confirmed(record.boxes[0]):
            table.confirm_payment(record.boxes[0].box, ANNA)
        elif action == "undo" and record.confirmed:
            table.overrides.undo_confirmation(next(iter(record.confirmed)), BORIS, "not paid")
        elif action == "sign_in":
            table.staff.sign_in(IVAN if table.dealer == ANNA.label else ANNA)  # the next dealer takes over
        elif action == "sign_out" and table.dealer is not None:
            table.staff.sign_out()
        elif action == "session" and not table.session:
            table.mark_session("training", trainee="anna")
    pump.source.close()
    live = table.history
    journal.close()
    with Journal(path) as again:
        restarted = TableController(again).history
        audited = TableHistory.read(again.entries())
    for history in (restarted, audited):
        assert history.rules == live.rules and history.faults == live.faults
        assert history.present() == live.present() and history.session == live.session
        assert history.dealer == live.dealer and history.last_at == live.last_at
        assert history.dealer_turns == live.dealer_turns
        assert history.round_state == live.round_state
        assert history.current.summary() == live.current.summary()
        assert history.current.confirmed == live.current.confirmed
