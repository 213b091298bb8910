"""`rptable simulate --faults SPEC` (README "QA: simulated sessions"): every fault the simulated shoe can inject
is journaled, resolved by the QA pit boss (who unlocks the shoe the driver locked), and the session plays on to
its last round with a journal that verifies: no card lost, none taken twice, none left over for the next round."""

import pytest

from controller.opening.simulate import simulate
from controller.table.audit.verify import verify_journal_file
from controller.table.journal import Journal
from controller.table.rule_files import load_preset

EVERY_KIND = "jam@40,double@90,cover@150:1s,unplug@300:2s,unreadable@500,hb-loss@600:4s,double@34,unreadable@35"


# A noisy cable and an unplug together: lost cards come back late, after a gap fault, and the shoe's status
# after the fault is all that is waiting (the dealer must then draw, not wait for a card nobody drew).
NOISY_AND_UNPLUGGED = "garble=0.05,drop=0.03,dup=0.05,unplug@40:2s"


@pytest.mark.parametrize("faults", [EVERY_KIND, "garble=0.03,drop=0.02,dup=0.03", "double@35,double@36",
                                    NOISY_AND_UNPLUGGED])
def test_simulate_with_injected_faults_plays_every_round_and_verifies(tmp_path, faults):
    path = tmp_path / "T1.journal"
    report = simulate(load_preset("classic"), 25, 5 if faults == NOISY_AND_UNPLUGGED else 11, journal_path=path,
                      faults=faults)
    assert report.rounds == 25
    verified = verify_journal_file(str(path))
    assert verified.ok, verified.reason
    with Journal(path, readonly=True) as journal:
        entries = list(journal.entries())
    closed = sum(1 for e in entries if e.kind == "RoundClosed")
    assert closed == 25
    if "@" in faults:
        assert report.faults > 0 and any(e.kind == "table.fault_resolved" for e in entries)
    voided = sum(1 for e in entries if e.kind == "RoundVoided")
    assert voided <= 3  # a fault costs its own round at most, never the rounds after it


def test_simulate_a_burst_dealt_into_a_voided_round_is_journaled_not_carried_over(tmp_path):
    # An unreadable card early in the deal stops the round with cards already out of the shoe; whatever the
    # pit boss decides, those cards are journaled, and the next round starts from its own fresh pack.
    path = tmp_path / "T1.journal"
    simulate(load_preset("classic"), 6, 3, journal_path=path, faults="unreadable@3,unreadable@40")
    with Journal(path, readonly=True) as journal:
        entries = list(journal.entries())
    dealt_per_round: dict[str, list[str]] = {}
    for e in entries:
        if e.kind == "CardPlaced":
            dealt_per_round.setdefault(e.round_id, []).append(e.payload["card"])
    assert all(len(cards) == len(set(cards)) for cards in dealt_per_round.values())  # no card twice in a round
    assert verify_journal_file(str(path)).ok


def test_simulate_cards_sent_unasked_are_journaled_before_the_next_pack_not_dealt_into_it(tmp_path):
    # Two cards drawn together, twice: the shoe sends cards nobody drew. They are journaled (held, no round
    # expecting them) before the next round's fresh pack goes in; carried into the next round they would be
    # dealt there and meet their twins from the new pack, voiding round after round.
    path = tmp_path / "T1.journal"
    report = simulate(load_preset("classic"), 30, 9, journal_path=path, faults="double@5,double@7")
    assert report.rounds == 30
    with Journal(path, readonly=True) as journal:
        entries = list(journal.entries())
    assert not [e for e in entries if e.kind == "RoundVoided"]
    assert [e for e in entries if e.kind == "table.card_held"]
    assert verify_journal_file(str(path)).ok
