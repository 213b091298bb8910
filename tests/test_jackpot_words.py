"""The jackpot's words, against a real PostgreSQL: what the terminal and the sign say is what is true. A
repeated confirmation says the hit was already paid, by whom and when, and exits 3 (a cashier paid twice on the
same "paid ... confirmed by ivan"); a rejection while another hit waits says the meter stays locked (it said it
unlocked); the public sign shows the meter, the tables and the hits paid, never a rejected hit's amount nor the
floor's "(not heard from)"."""


from cli_kit import rptable
from floor_kit import needs_postgres
from jackpot_kit import ROYAL_FOR_BOX_1, deal_round, floor_staff, jackpot_rules
from tables import acknowledged

from controller.floor.jackpot_link import reject_hit
from controller.floor.jackpot_meter import JackpotMeter
from controller.table.controller import TableController
from controller.table.journal import Journal
from controller.table.security.signing import table_key
from controller.table.security.users import Role, User

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]
RESEED = 100_000
IVAN = User("ivan", Role.PIT_BOSS)



def royal_on_the_meter(database, tmp_path, table_id):
    """Table `table_id` deals box 1 a royal and its settlements reach the meter: (journal path, round)."""
    path = tmp_path / f"{table_id}.journal"
    journal = Journal(path, table_id)
    controller = acknowledged(TableController(journal, jackpot_rules(), key=table_key(table_id)))
    round_id = deal_round(controller, ROYAL_FOR_BOX_1)
    meter = JackpotMeter(database)
    try:
        meter.link(table_id, RESEED)
        for settled in [e for e in journal.entries() if e.kind == "JackpotSettled"]:
            meter.settle(table_id, round_id, settled.payload["box"], contribution=2,
                         share_pct=settled.payload["share_pct"], category=settled.payload["best"])
    finally:
        meter.close()
        journal.close()
    return path, round_id



def test_a_second_confirmation_even_by_another_pit_boss_says_already_paid_by_whom_and_when_and_exits_3(database,
                                                                                                      tmp_path):
    floor_staff(database, tmp_path, vera=True)
    path, round_id = royal_on_the_meter(database, tmp_path, "T1")

    def confirm(pit_boss, pin):
        return rptable("jackpot", "confirm", "--db", database, "--journal", str(path), "--table", "T1", "--round",
                       round_id, "--box", "1", "--pit-boss", pit_boss, stdin=f"{pin}\n")

    first = confirm("ivan", "246819")
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith("Jackpot hit #1 paid:") and "confirmed by ivan" in first.stdout
    for pit_boss, pin in (("vera", "735091"), ("ivan", "246819")):
        again = confirm(pit_boss, pin)
        assert again.returncode == 3 and again.stdout == ""
        assert "Jackpot hit #1 was already paid" in again.stderr and "confirmed by ivan at 20" in again.stderr
        assert "UTC. Nothing is paid again" in again.stderr
    meter = JackpotMeter(database)
    try:
        (hit,) = meter.status()["hits"]
        assert (hit["status"], hit["confirmed_by"]) == ("paid", "ivan") and meter.audit().payouts == hit["amount"]
    finally:
        meter.close()
    journal = Journal(path, "T1", readonly=True)
    try:
        assert len([e for e in journal.entries() if e.kind == "table.jackpot_paid"]) == 1
    finally:
        journal.close()


def test_rejecting_the_second_hit_while_the_first_waits_says_the_meter_stays_locked(database, tmp_path):
    from ui.cli.jackpot import rejection_words

    floor_staff(database, tmp_path, vera=True)
    royal_on_the_meter(database, tmp_path, "T1")  # hit #1
    path, round_id = royal_on_the_meter(database, tmp_path, "T2")  # hit #2, from the meter #1 left
    journal = Journal(path, "T2")
    try:
        controller = TableController(journal, key=table_key("T2"))
        words = rejection_words(reject_hit(controller, database, round_id, 1, IVAN, "misdeal"), "T2")
    finally:
        journal.close()
    assert "the meter took back hit #2" in words and "unlocks" not in words
    assert words.endswith("The meter stays locked: hit #1 (table T1 round T1-000001 box 1) still waits for a pit "
                          "boss to confirm or reject it.")
    meter = JackpotMeter(database)
    try:
        assert meter.status()["pending"]
    finally:
        meter.close()


def test_the_public_sign_shows_hits_paid_and_the_tables_by_name_only(qtbot):
    from ui.i18n import Languages
    from ui.jackpot.sign import JackpotSign

    Languages().switch("en")  # as the sign's program does: figures grouped the English way

    def hit(number, table, status, amount):
        return {"hit": number, "table": table, "round": f"{table}-000001", "box": 1, "category": "ROYAL_FLUSH",
                "share_pct": 100, "meter_at_hit": amount, "amount": amount, "status": status,
                "confirmed_by": "ivan", "at": 0.0, "reason": "misdeal: box 1 held six cards"}

    sign = JackpotSign()
    qtbot.addWidget(sign)
    sign.show_status({"meter_id": "main", "meter": 100_190, "reseed": RESEED, "pending": True,
                      "tables": [{"table": "J1", "linked_now": True, "seconds_since": 0.5},
                                 {"table": "J2", "linked_now": False, "seconds_since": 95.0}],
                      "hits": [hit(3, "J2", "pending", 100_180), hit(2, "J1", "rejected", 400_000),
                               hit(1, "J1", "paid", 100_050)]})
    assert sign.meter.text() == "100,190" and sign.pending.text() == "JACKPOT PENDING"
    assert sign.tables.text() == "Linked tables: J1, J2"
    assert sign.hits.text() == "Table J1 box 1: royal flush — 100,050 (paid)"
    shown = " ".join(label.text() for label in (sign.tables, sign.hits, sign.pending, sign.problem))
    for private in ("not heard from", "400,000", "rejected", "misdeal", "100,180", "waiting"):
        assert private not in shown


def test_the_public_sign_in_russian_groups_the_amounts_and_names_the_hand_in_russian(qtbot):
    from ui.i18n import Languages
    from ui.jackpot.sign import JackpotSign

    languages = Languages()
    languages.switch("ru")
    try:
        sign = JackpotSign()
        qtbot.addWidget(sign)
        sign.show_status({"meter_id": "main", "meter": 100_190, "reseed": RESEED, "pending": False,
                          "tables": [{"table": "J1", "linked_now": True, "seconds_since": 0.5}],
                          "hits": [{"hit": 1, "table": "J1", "round": "J1-000001", "box": 1, "category": "ROYAL_FLUSH",
                                    "share_pct": 100, "meter_at_hit": 100_050, "amount": 100_050, "status": "paid",
                                    "confirmed_by": "ivan", "at": 0.0, "reason": ""}]})
        assert sign.meter.text().replace("\xa0", " ") == "100 190"
        hits = sign.hits.text().replace("\xa0", " ")
        assert "100 050" in hits and "роял-флеш" in hits and "royal" not in hits
    finally:
        languages.switch("en")
