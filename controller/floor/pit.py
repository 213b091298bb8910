"""The pit boss's view of the floor: every table as its reporter last described it (its round and step, the
dealer, the rules, open faults and their age, rounds and drop today, house win and hold against theoretical,
how long since it was last heard from), and the players the ratings flag.

It reads only the floor's summary rows (controller.floor.summary), one table at a time as a table's reporter
wakes the pit (NOTIFY), never the tables' events; a table's own rounds, replay, recall and its faults and
overrides are folded from its events when the pit boss opens it (`table_entries`, `faults_and_overrides`).
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from controller.engine.events import CardFault, FaultResolved, RoundVoided
from controller.floor.jackpot_meter import Hit
from controller.floor.ratings import Visit
from controller.table.audit.shift_report import Tally
from controller.table.history import event_of
from controller.table.journal import JournalEntry
from controller.table.table_events import (
    ClockRebased,
    ConfirmationUndone,
    PaymentAdjusted,
    RulesSet,
    TableEvent,
    TableFaultRaised,
    TableFaultResolved,
)

if TYPE_CHECKING:
    import psycopg

NOT_REPORTING_AFTER = 10.0  # seconds without a sign of life
# A dealer signed in and no event for this long: a table paid for and not dealing (one sat 55 minutes unseen).
# A round of Russian Poker takes a minute or two, and a break is taken signed out, so 10 minutes is never play.
IDLE_ALERT_AFTER = 600.0
SHOE_NOT_AUTHENTICATED = "shoe not authenticated: its cards are not proved (plain SHOE/1)"

_TABLES = """
SELECT t.table_id, extract(epoch FROM t.last_seen)::float8, extract(epoch FROM t.closed_at)::float8, t.refused,
       t.reported_seq, t.journal_seq, t.state, coalesce(r.rounds, 0), coalesce(r.drop, 0), coalesce(r.win, 0),
       coalesce(r.theoretical, 0), coalesce(r.boxes, 0), coalesce(r.without_edge, 0),
       extract(epoch FROM now())::float8
FROM floor_tables t
LEFT JOIN LATERAL (
    SELECT count(*) AS rounds, sum(drop) AS drop, sum(house_win) AS win, sum(theoretical) AS theoretical,
           sum(boxes) AS boxes, count(*) FILTER (WHERE NOT has_edge AND NOT voided) AS without_edge
    FROM floor_rounds r WHERE r.table_id = t.table_id AND r.opened_at >= %s AND r.closed_at IS NOT NULL
) r ON true
"""


@dataclass(frozen=True)
class OpenFault:
    fault_id: str
    code: str
    text: str
    source: str
    at: float


@dataclass(frozen=True)
class TableView:
    """One table as the pit shows it."""

    table_id: str
    state: dict[str, Any]
    last_seen: float | None
    closed_at: float | None
    refused: str
    reported: int
    journaled: int
    today: Tally
    without_edge: int = 0  # rounds today under rules with no measured edge (counted 0 theoretical)

    @property
    def faults(self) -> list[OpenFault]:
        return [OpenFault(str(f["id"]), str(f["code"]), str(f["text"]), str(f.get("source", "")), float(f["at"]))
                for f in self.state.get("faults", [])]

    def reporting(self, now: float) -> str:
        """`reporting`, `not reporting`, `closed` or `refused`."""
        if self.refused:
            return "refused"
        if self.closed_at is not None and (self.last_seen is None or self.closed_at >= self.last_seen):
            return "closed"
        if self.last_seen is None or now - self.last_seen > NOT_REPORTING_AFTER:
            return "not reporting"
        return "reporting"

    @property
    def step(self) -> str:
        """`idle`, or `round N at PHASE: what is expected next`."""
        state = self.state
        if not state.get("in_play"):
            return "idle" + (f" (last round {state['round']})" if state.get("round") else "")
        return f"round {state.get('round')} at {state.get('phase')}: {state.get('step')}"

    @property
    def rules(self) -> str:
        return str(self.state.get("rules", ""))

    @property
    def dealer(self) -> str:
        return str(self.state.get("dealer", ""))

    @property
    def shoe_not_authenticated(self) -> bool:
        """The table's shoe said who it is without proving the SHOE/1-A key (plain SHOE/1): a wire on its cable
        could deal any card, so the floor is told for as long as it lasts. False before any shoe spoke."""
        return self.state.get("shoe_authenticated") is False

    def last_event_age(self, now: float) -> float | None:
        at = self.state.get("last_event_at")
        return max(0.0, now - float(at)) if at else None

    def idle_for(self, now: float) -> float | None:
        """How long a table that reports, with a dealer signed in and no round in play, has done nothing; None
        for a table playing, without a dealer, closed or silent (which says so itself)."""
        at = self.state.get("last_event_at")
        if self.state.get("in_play") or not self.dealer or not at or self.reporting(now) != "reporting":
            return None
        return max(0.0, now - float(at))

    def alert(self, now: float) -> str:
        """What the floor must look at: `fault`, `silent` (not reporting, or refused by the database), `idle`
        (a dealer signed in and no event for IDLE_ALERT_AFTER), or "" for none."""
        if self.faults:
            return "fault"
        if self.reporting(now) in ("not reporting", "refused"):
            return "silent"
        idle = self.idle_for(now)
        return "idle" if idle is not None and idle >= IDLE_ALERT_AFTER else ""

    def sort_key(self, now: float) -> tuple[int, float, str]:
        """Tables with open faults first (the oldest fault first), then those not reporting (the longest silent
        first), then those idle with a dealer signed in (the longest first), then the others by id."""
        alert = self.alert(now)
        if alert == "fault":
            return (0, min(f.at for f in self.faults), self.table_id)
        if alert == "silent":
            return (1, self.last_seen or 0.0, self.table_id)
        if alert == "idle":
            return (2, -(self.idle_for(now) or 0.0), self.table_id)
        return (3, 0.0, self.table_id)

    def to_dict(self, now: float) -> dict[str, Any]:
        t = self.today
        age = self.last_event_age(now)
        idle = self.idle_for(now)
        return {
            "table": self.table_id, "reporting": self.reporting(now), "refused": self.refused,
            "alert": self.alert(now), "idle_seconds": None if idle is None else round(idle, 1),
            "state": self.step, "round": self.state.get("round", 0), "in_play": bool(self.state.get("in_play")),
            "dealer": self.dealer, "rules": self.rules,
            "shoe_authenticated": self.state.get("shoe_authenticated"),
            "faults": [{"id": f.fault_id, "code": f.code, "text": f.text, "source": f.source,
                        "age_seconds": round(max(0.0, now - f.at), 1)} for f in self.faults],
            "today": {"rounds": t.rounds, "drop": t.drop, "house_win": t.win, "hold_pct": round(t.hold_pct, 2),
                      "theoretical_win": round(t.theoretical, 2),
                      "theoretical_hold_pct": round(t.theoretical_hold_pct, 2),
                      "rounds_without_measured_edge": self.without_edge},
            "last_event_age_seconds": None if age is None else round(age, 1),
            "last_seen_age_seconds": None if self.last_seen is None else round(max(0.0, now - self.last_seen), 1),
            "events_reported": self.reported, "events_journaled": self.journaled,
        }


@dataclass
class PitSnapshot:
    """The floor at one moment (`at`, the database's clock)."""

    at: float
    tables: dict[str, TableView]
    flagged: list[Visit] = field(default_factory=list)
    visits: list[Visit] = field(default_factory=list)

    def ordered(self) -> list[TableView]:
        return sorted(self.tables.values(), key=lambda view: view.sort_key(self.at))

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "tables": [t.to_dict(self.at) for t in self.ordered()],
                "flagged_players": [v.to_dict() for v in self.flagged],
                "players": [v.to_dict() for v in self.visits]}


def day_start(now: float) -> float:
    """The start of the UTC day of `now`: "today" for the pit, as for the audit's dates."""
    day = datetime.fromtimestamp(now, UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return day.timestamp()


def read_tables(connection: psycopg.Connection[tuple[Any, ...]], tables: Sequence[str] | None = None,
                *, clock: Any = time.time) -> tuple[float, dict[str, TableView]]:
    """The tables' views (every table, or those named), and the database's time."""
    query = _TABLES + (" WHERE t.table_id = ANY(%s)" if tables is not None else "")
    params: tuple[Any, ...] = (day_start(clock()),) + ((list(tables),) if tables is not None else ())
    rows = connection.execute(query, params).fetchall()
    connection.rollback()
    views: dict[str, TableView] = {}
    db_now = float(rows[0][-1]) if rows else float(clock())  # the database's clock, when any table answers
    for (table, last_seen, closed_at, refused, reported, journaled, state, rounds, drop, win, theoretical, boxes,
         without_edge, _) in rows:
        views[table] = TableView(table, state or {}, last_seen, closed_at, refused, int(reported), int(journaled),
                                 Tally(int(rounds), int(boxes), int(drop), int(win), float(theoretical)),
                                 int(without_edge))
    return float(db_now), views


def snapshot(connection: psycopg.Connection[tuple[Any, ...]], *, with_ratings: bool = True,
             rating_budget: float = 5.0) -> PitSnapshot:
    """The whole floor now, with today's flagged players (values what decisions it can in `rating_budget`)."""
    from controller.floor.ratings import value_pending, visits

    now, views = read_tables(connection)
    found: list[Visit] = []
    if with_ratings:
        value_pending(connection, budget=rating_budget)
        found = visits(connection, day_start(now))
    return PitSnapshot(now, views, [v for v in found if v.flags()], found)


# -- the linked jackpot's hits that wait for a pit boss ----------------------------------------------------
@dataclass(frozen=True)
class WaitingHit:
    """A jackpot hit on a meter that waits for a pit boss to confirm or reject it (the meter is locked till then)."""

    meter_id: str
    hit: Hit


_WAITING_HITS = """
SELECT meter_id, hit, table_id, round_id, box, category, share_pct, meter_at_hit, amount, status, confirmed_by,
       extract(epoch FROM hit_at)::float8, reason
FROM jackpot_hits WHERE status = 'pending' ORDER BY hit
"""


def waiting_hits(connection: psycopg.Connection[tuple[Any, ...]]) -> list[WaitingHit]:
    """Every hit that waits for a pit boss, oldest first (they are confirmed in that order); none on a floor
    without a linked jackpot (its tables are not made: the pit reads, it never makes them)."""
    (has_jackpot,) = connection.execute("SELECT to_regclass('jackpot_hits') IS NOT NULL").fetchone() or (False,)
    rows = connection.execute(_WAITING_HITS).fetchall() if has_jackpot else []
    connection.rollback()
    return [WaitingHit(str(meter), Hit(int(hit), table, round_id, int(box), category, int(share), int(at_hit),
                                       int(amount), status, by or "", float(at), reason or ""))
            for meter, hit, table, round_id, box, category, share, at_hit, amount, status, by, at, reason in rows]


# -- a table opened by the pit boss -----------------------------------------------------------------------
@dataclass(frozen=True)
class OverrideLine:
    """A fault raised or resolved, or a pit boss's override, as the pit lists them."""

    seq: int
    at: float
    actor: str
    round_id: str
    text: str
    is_fault: bool


def faults_and_overrides(entries: Iterable[JournalEntry]) -> list[OverrideLine]:
    """Every fault and every override in a table's events, in order."""
    lines = []
    for entry in entries:
        if not (entry.kind.startswith("table.") or entry.kind in _ROUND_OVERRIDES):
            continue
        event = event_of(entry)
        text = _override_text(event)
        if text is None:
            continue
        lines.append(OverrideLine(entry.seq, entry.at, entry.actor or "", entry.round_id or "", text,
                                  isinstance(event, TableFaultRaised | CardFault)))
    return lines


_ROUND_OVERRIDES = {cls.__name__ for cls in (CardFault, FaultResolved, RoundVoided)}


def _override_text(event: object) -> str | None:
    match event:
        case RulesSet() if event.actor != "setup":
            return event.describe()
        case TableFaultRaised() | TableFaultResolved() | PaymentAdjusted() | ConfirmationUndone():
            return event.describe()
        case ClockRebased():
            return (f"clock accepted by {event.actor}: events timed from {_when(event.to_at)} "
                    f"(was {_when(event.from_at)})")
        case CardFault():
            return f"CARD FAULT ({event.kind}): {event.text}"
        case FaultResolved():
            card = f" as {event.card.code}" if event.card is not None else ""
            return f"card fault {event.resolution}{card} by {event.actor}: {event.reason}"
        case RoundVoided():
            return f"round voided by {event.actor}: {event.reason}"
        case TableEvent():
            return None
    return None


def _when(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%H:%M:%S")


# -- a page a manager can open ----------------------------------------------------------------------------
def age_text(seconds: float | None) -> str:
    """`42 s`, `3 min 5 s`, `2 h 10 min`."""
    if seconds is None:
        return "never"
    s = int(seconds)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60} s"
    return f"{s // 3600} h {s % 3600 // 60} min"


def pit_html(snap: PitSnapshot) -> str:
    """The snapshot as one HTML page with no script and no server."""
    now = snap.at
    cards = []
    for view in snap.ordered():
        state = view.reporting(now)
        faults = "".join(f"<div class=\"fault\">{html.escape(f.code)} {html.escape(f.fault_id)}: "
                         f"{html.escape(f.text)} <b>({age_text(now - f.at)})</b></div>" for f in view.faults)
        t = view.today
        alert = view.alert(now)
        css = {"fault": "card fault-card", "silent": "card silent", "idle": "card idle"}.get(
            alert, "card" if state == "reporting" else "card silent")
        idle = f"<div class=\"alert\">{html.escape(idle_text(view, now))}</div>" if alert == "idle" else ""
        if view.shoe_not_authenticated:
            idle += f"<div class=\"alert\">{SHOE_NOT_AUTHENTICATED}</div>"
        cards.append(
            f"<div class=\"{css}\"><h2>{html.escape(view.table_id)} <small>{html.escape(view.rules)}</small></h2>"
            f"{faults}{idle}<p class=\"step\">{html.escape(view.step)}</p>"
            f"<p>dealer: {html.escape(view.dealer or '—')}</p>"
            f"<p>today: {t.rounds:,} rounds · drop {t.drop:,} · house win {t.win:+,}</p>"
            f"<p>hold {t.hold_pct:.2f}% against theoretical {t.theoretical_hold_pct:.2f}%</p>"
            f"<p class=\"seen\">{_reporting_words(view, now)}</p></div>")
    flagged = "".join(
        f"<li><b>{html.escape(v.player)}</b> at {html.escape(v.table_id)} ({len(v.rounds)} rounds): "
        f"{html.escape('; '.join(v.flags()))}</li>" for v in snap.flagged) or "<li>none</li>"
    when = datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pit view {when}</title>
<style>body{{font-family:sans-serif;background:#0b1f10;color:#f2f2f2;margin:1em}}
.grid{{display:flex;flex-wrap:wrap;gap:10px}}.card{{background:#13301a;border:2px solid #3c6e47;border-radius:8px;
padding:8px 12px;width:300px}}.card h2{{margin:0 0 4px 0}}.card p{{margin:3px 0}}
.fault-card{{border-color:#ffeb3b;background:#4a1010}}.fault{{background:#b71c1c;padding:4px;margin:4px 0;
font-weight:bold}}.silent{{border-color:#888;background:#2a2a2a}}
.idle{{border-color:#ffab40;background:#3a2a0a}}.alert{{background:#ffab40;color:#1a1a1a;padding:4px;margin:4px 0;
font-weight:bold}}.seen{{color:#bbb}}small{{color:#bbb}}
.step{{color:#ffd54f}}li{{margin:4px 0}}table{{border-collapse:collapse}}th,td{{border:1px solid #3c6e47;
padding:3px 8px}}td.n{{text-align:right}}tr.flagged{{color:#ffcc80}}</style></head><body>
<h1>Pit view</h1><p>{when} · {len(snap.tables)} table(s)</p>{alerts_html(snap)}
<div class="grid">{"".join(cards)}</div>
<h2>Players flagged today</h2><ul>{flagged}</ul>
<h2>Players today</h2>{players_html(snap.visits)}
</body></html>
"""


def players_html(found: list[Visit]) -> str:
    """Today's visits as a rating slip reads them, flagged first, then the most staked first: time played,
    rounds, average bet (staked a round), the house's theoretical and actual win, and the antes a decision lost
    against basic (a minus: better than basic) over the decisions valued."""
    if not found:
        return "<p>No named player today.</p>"
    rows = []
    for v in sorted(found, key=lambda v: (not v.flags(), -v.wagered, v.player, v.start)):
        d = v.decisions
        minutes = int(v.minutes)
        played = f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"
        average = v.wagered / v.boxes if v.boxes else 0.0
        ev_lost = f"{d.per_decision:+.3f}" if d.valued else "—"
        cells = [f"<td>{html.escape(v.player)}{' ⚑' if v.flags() else ''}</td>", f"<td>{html.escape(v.table_id)}</td>",
                 *(f"<td class=\"n\">{c}</td>" for c in (
                     played, f"{len(v.rounds):,}", f"{average:,.1f}", f"{v.theoretical:+,.0f}", f"{-v.win:+,}",
                     ev_lost, f"{d.valued:,} of {d.made:,}"))]
        css = ' class="flagged"' if v.flags() else ""
        rows.append(f"<tr{css}>{''.join(cells)}</tr>")
    head = "".join(f"<th>{h}</th>" for h in ("Player", "Table", "Time played", "Rounds", "Avg bet", "Theo win",
                                             "Actual win", "EV lost a decision (antes)", "Decisions valued"))
    return f"<table class=\"players\"><tr>{head}</tr>{''.join(rows)}</table>"


def idle_text(view: TableView, now: float) -> str:
    """`IDLE 55 min 0 s: dealer anna signed in, no round`."""
    return f"IDLE {age_text(view.idle_for(now))}: dealer {view.dealer.split(':')[-1]} signed in, no round"


def alerts(snap: PitSnapshot) -> dict[str, list[TableView]]:
    """The tables to look at, by what is wrong (`fault`, `silent`, `idle`), each in the pit's order."""
    found: dict[str, list[TableView]] = {"fault": [], "silent": [], "idle": []}
    for view in snap.ordered():
        alert = view.alert(snap.at)
        if alert:
            found[alert].append(view)
    return found


def alerts_html(snap: PitSnapshot) -> str:
    found = alerts(snap)
    lines = [f"{len(views)} table(s) {words}: {html.escape(', '.join(v.table_id for v in views))}"
             for words, views in (("with faults", found["fault"]), ("NOT REPORTING", found["silent"]),
                                  ("idle with a dealer signed in", found["idle"])) if views]
    return "".join(f"<div class=\"alert\">{line}</div>" for line in lines)


def _reporting_words(view: TableView, now: float) -> str:
    state = view.reporting(now)
    age = view.last_event_age(now)
    last = "no event yet" if age is None else f"last event {age_text(age)} ago"
    if state == "refused":
        return f"REFUSED: {html.escape(view.refused)}"
    if state == "not reporting":
        if view.last_seen is None:
            return f"NOT REPORTING (never heard from); {last}"
        return f"NOT REPORTING (last heard {age_text(now - view.last_seen)} ago); {last}"
    if state == "closed":
        return f"closed; {last}"
    backlog = view.journaled - view.reported
    return f"reporting; {last}" + (f"; {backlog:,} event(s) on their way" if backlog > 0 else "")
