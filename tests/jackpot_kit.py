"""Test helper for the linked jackpot: rules with a jackpot, a table played by hand on a journal, and what the
journals and the meter hold of the jackpot.

PYTEST_DONT_REWRITE: the modules that use it import its helpers."""

from pathlib import Path

from controller.core.rules import rules_from_mapping
from controller.engine import CardDealt, CloseBets, PlaceJackpotStake, PlaceStakes, event_from_payload
from controller.engine.events import JackpotSettled
from controller.table.journal import Journal
from controller.table.rule_files import load_preset
from drivers.cards import parse_card

ROOT = Path(__file__).resolve().parents[1]
RULES_FILE = ROOT / "docs" / "jackpot" / "classic-jackpot.toml"
JACKPOT = {"stake": 10, "contribution_pct": 20, "reseed": 100000,
           "pays": {"ROYAL_FLUSH": "100%", "STRAIGHT_FLUSH": "10%", "FOUR_OF_A_KIND": 5000, "FULL_HOUSE": 1500,
                    "FLUSH": 500}}
# Box 1 a royal, box 2 nothing, the dealer a flush; the deal of R-DEAL-1 over boxes 1, 2 and the dealer.
ROYAL_FOR_BOX_1 = "AS 2C 3D KS 4D 5D QS 6C 7D JS 8H 9D TS 9C JD".split()
NOTHING = "2S 2C 3D 4S 4D 5D 6S 6C 7D 8S 8H 9D KD 9C JD".split()


def jackpot_rules():
    mapping = load_preset("classic").to_mapping()
    mapping["name"] = "classic-jackpot"
    mapping["jackpot"] = dict(JACKPOT)
    return rules_from_mapping(mapping, "test")


def deal_round(controller, shoe, staked=(1, 2)):
    """Stakes on boxes 1 and 2 (jackpot stakes on `staked`), the bets closed and the deal: the round's id."""
    for box in (1, 2):
        controller.submit(PlaceStakes(box, 10))
        if box in staked:
            controller.submit(PlaceJackpotStake(box))
    controller.submit(CloseBets())
    for code in shoe:
        controller.submit(CardDealt(parse_card(code)))
    return controller.round_id


def journaled_settlements(path, table_id):
    """Every JackpotSettled a journal holds, with its round: [(round, event)]."""
    journal = Journal(path, table_id, readonly=True)
    try:
        return [(e.round_id, event_from_payload(e.payload)) for e in journal.entries(0)
                if e.kind == JackpotSettled.KIND]
    finally:
        journal.close()


def floor_staff(database: str, folder: Path, *, vera: bool = False) -> None:
    """The floor's accounts the jackpot stories log in with: the admin boss (902461), the pit boss ivan (246819)
    and, with `vera`, a second pit boss (735091)."""
    from controller.floor.staff import FloorUserStore
    from controller.table.security.users import Role

    store = FloorUserStore(database, folder / "cache.db")
    try:
        admin = store.add("boss", Role.ADMIN, "902461", by=None)
        store.add("ivan", Role.PIT_BOSS, "246819", by=admin)
        if vera:
            store.add("vera", Role.PIT_BOSS, "735091", by=admin)
    finally:
        store.close()

