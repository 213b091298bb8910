"""The pit boss's shift report: rounds, drop, house win and hold %, by box, by hour and by dealer; HTML with a
chart, CSV.

Drop here is the handle: everything wagered on the layout (ante, bet, draw payments, insurance, bonus, the
buy-a-game payment, the jackpot stake), voided rounds left out since their stakes went back; house win is what
the house kept after every payment and manual adjustment, box by box (each box's net turned round, as
controller.table.round_record defines it, and its jackpot stake less what the table paid it from the jackpot:
a fixed award, or a hit a pit boss confirmed); hold % = win / drop. The jackpot's stakes and payments are also
counted on their own line, since a hit paid from the meter swings a shift's hold.

Theoretical win is what the house expects to keep from the same play: each box's ante times the preset's house
edge per ante under the `basic` strategy (controller/measured/house_edges.py), plus its bonus stake times the
bonus bet's edge. Actual win differs from it by chance (over a short shift, a lot) and by players who play
worse than `basic`. Rounds whose rules have no measured edge are named, never given a made-up figure.

By dealer: the rounds each dealer dealt (a round is its dealer's who was signed in when it opened), the hours
they were signed in at the table, rounds per hour over those hours, and the pit bosses' adjustments of their
rounds. Rounds dealt while nobody was signed in count under "-", with no hours.
"""

from __future__ import annotations

import bisect
import csv
import html
import io
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from controller.measured.house_edges import HouseEdge
from controller.table.history import DealerTurn
from controller.table.round_record import BoxResult, RoundRecord
from controller.table.security.users import name_in

NOBODY = "-"  # the dealer of rounds dealt while nobody was signed in


@dataclass(frozen=True, slots=True)
class BoxLine:
    """One box of one finished round, as the report counts it."""

    round_id: str
    hour: str  # the hour the round opened, UTC
    box: int
    drop: int
    win: int  # the house's: the box's net for the player (adjustments included), the sign turned
    theoretical: float  # the house win expected under the measured edge


@dataclass(frozen=True, slots=True)
class Tally:
    rounds: int
    boxes: int
    drop: int
    win: int
    theoretical: float

    @classmethod
    def of(cls, lines: Sequence[BoxLine]) -> Tally:
        rounds: dict[str, list[float]] = defaultdict(list)
        for line in lines:
            rounds[line.round_id].append(line.theoretical)
        # Round by round: a sum of floats depends on its order, and a report must give the same figure each time.
        theoretical = sum(sum(boxes) for boxes in rounds.values())
        return cls(len(rounds), len(lines), sum(line.drop for line in lines), sum(line.win for line in lines),
                   theoretical)

    @property
    def hold_pct(self) -> float:
        return 100.0 * self.win / self.drop if self.drop else 0.0

    @property
    def theoretical_hold_pct(self) -> float:
        return 100.0 * self.theoretical / self.drop if self.drop else 0.0


@dataclass(frozen=True, slots=True)
class DealerTally:
    """One dealer's part of the shift: `dealer` as the journal names them (`dealer:anna`), or NOBODY."""

    dealer: str
    rounds: int  # finished rounds they dealt
    hours: float  # signed in at the table (0 for NOBODY)
    drop: int
    win: int
    adjustments: int  # pit-boss adjustments of their rounds
    adjusted: int  # the adjustments' sum (+ = to the players)

    @property
    def rounds_per_hour(self) -> float | None:
        return self.rounds / self.hours if self.hours > 0 else None

    @property
    def name(self) -> str:
        """The dealer's name without the role (`anna`)."""
        return name_in(self.dealer)


@dataclass
class ShiftReport:
    table_id: str
    start: float | None
    end: float | None
    total: Tally
    by_box: dict[int, Tally]
    by_hour: dict[str, Tally]
    voided: int = 0
    incomplete: int = 0
    adjustments: int = 0
    edges_used: dict[str, HouseEdge] = field(default_factory=dict)  # rules name -> the edge applied
    rules_without_edge: set[str] = field(default_factory=set)  # rules names with no measured edge
    by_dealer: dict[str, DealerTally] = field(default_factory=dict)  # in the order they first dealt
    jackpot_stakes: int = 0  # jackpot stakes taken at the table (in the drop)
    jackpot_paid: int = 0  # paid at the table from the jackpot: fixed awards and confirmed hits (in the win)
    plain_shoe_rounds: int = 0  # finished rounds dealt by a shoe that proved no key (plain SHOE/1)

    @property
    def jackpot_line(self) -> str:
        """The jackpot's part of the figures, in words ("" at a table without one)."""
        if not (self.jackpot_stakes or self.jackpot_paid):
            return ""
        return (f"jackpot: stakes {self.jackpot_stakes:,}, paid {self.jackpot_paid:,}, house "
                f"{self.jackpot_stakes - self.jackpot_paid:+,} (in the drop and the house win)")

    @property
    def shoe_line(self) -> str:
        """The rounds whose cards nothing proves, in words ("" when every shoe that dealt proved its key)."""
        if not self.plain_shoe_rounds:
            return ""
        return (f"shoe not authenticated: {self.plain_shoe_rounds:,} of {self.total.rounds:,} rounds were dealt by a "
                "shoe that proved no key (plain SHOE/1), so their cards are not proved: a wire on the shoe's cable "
                "could have changed them")


def build_report(table_id: str, rounds: list[RoundRecord], edges: dict[str, HouseEdge] | None = None, *,
                 turns: Sequence[DealerTurn] = (), until: float | None = None,
                 shoe_sessions: Sequence[tuple[float, bool]] = ()) -> ShiftReport:
    """The report over `rounds`; `edges` maps a rules digest to its measured house edge (theoretical win);
    `turns` are the dealers' turns at the table (controller.table.history), a turn still going on counted up
    to `until` (the journal's latest time); `shoe_sessions` when each session with the shoe began and whether
    the shoe proved its key, the one in force at the first round included."""
    edges = edges or {}
    complete = [r for r in rounds if r.complete]
    edges_used: dict[str, HouseEdge] = {}
    without_edge: set[str] = set()
    lines: list[BoxLine] = []
    for r in complete:
        edge = edges.get(r.rules_digest)
        if edge is not None:
            edges_used[r.rules.name] = edge
        elif not r.voided:
            without_edge.add(r.rules.name)
        hour = datetime.fromtimestamp(r.opened_at, UTC).strftime("%Y-%m-%d %H:00")
        lines += [BoxLine(r.round_id, hour, b.box, b.wagered + r.jackpot_stakes.get(b.box, 0),
                          -r.net(b) + r.jackpot_net(b.box), 0.0 if r.voided else _theoretical_win(b, edge))
                  for b in r.boxes]
    by_box: dict[int, list[BoxLine]] = defaultdict(list)
    by_hour: dict[str, list[BoxLine]] = defaultdict(list)
    for line in lines:
        by_box[line.box].append(line)
        by_hour[line.hour].append(line)
    return ShiftReport(
        table_id, min((r.opened_at for r in rounds), default=None),
        max((r.closed_at or r.opened_at for r in rounds), default=None), Tally.of(lines),
        {box: Tally.of(group) for box, group in by_box.items()},
        {hour: Tally.of(group) for hour, group in by_hour.items()},
        voided=sum(r.voided for r in complete), incomplete=len(rounds) - len(complete),
        adjustments=sum(len(r.adjustments) for r in complete), edges_used=edges_used,
        rules_without_edge=without_edge, by_dealer=_by_dealer(complete, turns, until),
        jackpot_stakes=sum(r.jackpot_in for r in complete), jackpot_paid=sum(r.jackpot_out for r in complete),
        plain_shoe_rounds=dealt_by_plain_shoe(complete, shoe_sessions))


def dealt_by_plain_shoe(rounds: Sequence[RoundRecord], shoe_sessions: Sequence[tuple[float, bool]]) -> int:
    """The rounds dealt while the shoe in force had proved no key: the session in force when the round closed
    (a shoe's first session begins with the first card it deals; a shoe that changes within a round is a fault
    of its own). Rounds before any session with a shoe (cards typed in, or read by the camera) are not the
    shoe's."""
    began = [at for at, _proved in shoe_sessions]
    plain = 0
    for record in rounds:
        session = bisect.bisect_right(began, record.closed_at or record.opened_at) - 1
        plain += session >= 0 and not shoe_sessions[session][1]
    return plain


def _by_dealer(complete: list[RoundRecord], turns: Sequence[DealerTurn], until: float | None) -> dict[str, DealerTally]:
    dealt: dict[str, list[RoundRecord]] = defaultdict(list)
    for turn in turns:
        dealt.setdefault(turn.dealer, [])
    for r in complete:
        dealt[r.dealt_by or NOBODY].append(r)
    now = until if until is not None else max((t.end or t.start for t in turns), default=0.0)
    tallies = {}
    for dealer, theirs in dealt.items():
        if dealer == NOBODY and not theirs:
            continue
        adjustments = [a for r in theirs for a in r.adjustments]
        tallies[dealer] = DealerTally(
            dealer, len(theirs), sum(t.hours(now) for t in turns if t.dealer == dealer),
            sum(r.wagered + r.jackpot_in for r in theirs),
            sum(r.house_net + r.jackpot_in - r.jackpot_out for r in theirs), len(adjustments),
            sum(a.amount for a in adjustments))
    return tallies


def _theoretical_win(box: BoxResult, edge: HouseEdge | None) -> float:
    if edge is None:
        return 0.0
    return float(box.ante * edge.house_edge + box.bonus * (edge.bonus_edge or 0.0))


def report_csv(report: ShiftReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "key", "rounds", "boxes", "drop", "house_win", "hold_pct", "theoretical_win",
                     "theoretical_hold_pct"])
    rows = [("total", report.table_id, report.total)]
    rows += [("box", str(b), t) for b, t in sorted(report.by_box.items())]
    rows += [("hour", h, t) for h, t in sorted(report.by_hour.items())]
    for section, key, t in rows:
        writer.writerow([section, key, t.rounds, t.boxes, t.drop, t.win, f"{t.hold_pct:.2f}",
                         f"{t.theoretical:.2f}", f"{t.theoretical_hold_pct:.2f}"])
    if report.jackpot_line:  # its stakes as drop, what it paid as the win given back
        writer.writerow(["jackpot", report.table_id, "", "", report.jackpot_stakes,
                         report.jackpot_stakes - report.jackpot_paid, "", "", ""])
    if report.plain_shoe_rounds:  # rounds whose cards the shoe did not prove
        writer.writerow(["shoe_not_authenticated", report.table_id, report.plain_shoe_rounds, "", "", "", "", "", ""])
    return out.getvalue()


def dealers_csv(report: ShiftReport) -> str:
    """The report by dealer: rounds, hours at the table, rounds per hour, drop, house win, adjustments."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["dealer", "rounds", "hours", "rounds_per_hour", "drop", "house_win", "adjustments",
                     "adjusted"])
    for d in report.by_dealer.values():
        per_hour = d.rounds_per_hour
        writer.writerow([d.dealer, d.rounds, f"{d.hours:.2f}", "" if per_hour is None else f"{per_hour:.1f}",
                         d.drop, d.win, d.adjustments, d.adjusted])
    return out.getvalue()


def report_html(report: ShiftReport) -> str:
    def when(ts: float | None) -> str:
        return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M UTC") if ts else "-"

    def rows(items: list[tuple[str, Tally]]) -> str:
        return "".join(
            f"<tr><td>{html.escape(k)}</td><td>{t.rounds:,}</td><td>{t.drop:,}</td><td>{t.win:+,}</td>"
            f"<td>{t.theoretical:+,.0f}</td><td>{t.hold_pct:.2f}%</td><td>{t.theoretical_hold_pct:.2f}%</td></tr>"
            for k, t in items)

    head = ("<tr><th>{}</th><th>rounds</th><th>drop</th><th>house win</th><th>theoretical win</th><th>hold</th>"
            "<th>theoretical hold</th></tr>")
    hours = sorted(report.by_hour.items())
    boxes = [(f"box {b}", t) for b, t in sorted(report.by_box.items())]
    t = report.total
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shift report, table {html.escape(report.table_id)}</title>
<style>body{{font-family:sans-serif;margin:2em;color:#222}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #bbb;padding:4px 10px;text-align:right}}th{{background:#eee}}td:first-child{{text-align:left}}
.big{{font-size:1.4em}}</style></head><body>
<h1>Shift report, table {html.escape(report.table_id)}</h1>
<p>{when(report.start)} to {when(report.end)}</p>
<p class="big">{t.rounds:,} rounds &middot; drop {t.drop:,} &middot; house win {t.win:+,} &middot;
hold {t.hold_pct:.2f}%</p>
<p class="big">theoretical win {t.theoretical:+,.0f} &middot; theoretical hold {t.theoretical_hold_pct:.2f}%</p>
<p>{html.escape(theoretical_basis(report))}</p>
<p>{report.voided} voided, {report.incomplete} not finished, {report.adjustments} manual adjustments.</p>
{f"<p>{html.escape(report.jackpot_line)}</p>" if report.jackpot_line else ""}
{f"<p><b>{html.escape(report.shoe_line)}</b></p>" if report.shoe_line else ""}
<h2>Hold by hour</h2>
{_svg_bars([(h[-5:], v.hold_pct) for h, v in hours], "hold %")}
<table>{head.format("hour")}{rows(hours)}</table>
<h2>By box</h2>
{_svg_bars([(k, v.hold_pct) for k, v in boxes], "hold %")}
<table>{head.format("box")}{rows(boxes)}</table>
<h2>By dealer</h2>
{_dealer_table(report)}
</body></html>
"""


def _dealer_table(report: ShiftReport) -> str:
    if not report.by_dealer:
        return "<p>(no rounds)</p>"
    rows = "".join(
        f"<tr><td>{html.escape(d.name)}</td><td>{d.rounds:,}</td><td>{d.hours:.2f}</td>"
        f"<td>{'-' if d.rounds_per_hour is None else f'{d.rounds_per_hour:.1f}'}</td><td>{d.drop:,}</td>"
        f"<td>{d.win:+,}</td><td>{d.adjustments:,}</td><td>{d.adjusted:+,}</td></tr>"
        for d in report.by_dealer.values())
    return ("<table><tr><th>dealer</th><th>rounds</th><th>hours</th><th>rounds per hour</th><th>drop</th>"
            f"<th>house win</th><th>adjustments</th><th>adjusted</th></tr>{rows}</table>")


def theoretical_basis(report: ShiftReport) -> str:
    """One sentence: which measured edges the theoretical win uses, and which rules had none."""
    used = "; ".join(
        f"{name}: {100 * e.house_edge:.2f}% per ante under {e.strategy} "
        f"(95% CI [{100 * e.house_edge_ci95[0]:.2f}%, {100 * e.house_edge_ci95[1]:.2f}%], {e.rounds:,} rounds, "
        f"{e.measured})" for name, e in sorted(report.edges_used.items()))
    if any(e.house_edge < 0 for e in report.edges_used.values()):
        used += " (a negative edge is the player's: under these rules basic play beats the house)"
    text = f"Theoretical win uses the measured house edge: {used}." if used else "No measured house edge applies."
    if report.rules_without_edge:
        names = ", ".join(sorted(report.rules_without_edge))
        text += (f" Rounds under {names} count as 0 theoretical: no edge was measured for these exact rules "
                 f"(measure one with: rptable analyze --rules FILE --strategy basic).")
    return text


def _svg_bars(values: list[tuple[str, float]], label: str) -> str:
    """A small bar chart as inline SVG (no script, no external file): zero line, negative bars below it."""
    if not values:
        return "<p>(no rounds)</p>"
    width, height, pad = max(320, 60 * len(values)), 220, 30
    top = max(1.0, *(v for _, v in values))
    bottom = min(0.0, *(v for _, v in values))
    scale = (height - 2 * pad) / (top - bottom)
    zero = pad + top * scale
    step = (width - 2 * pad) / len(values)
    bars = []
    for i, (name, v) in enumerate(values):
        x = pad + i * step + step * 0.15
        y, h = (zero - v * scale, v * scale) if v >= 0 else (zero, -v * scale)
        color = "#2e7d32" if v >= 0 else "#c62828"
        bars.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{step * 0.7:.1f}" height="{max(h, 0.5):.1f}" '
                    f'fill="{color}"><title>{html.escape(name)}: {v:.2f}%</title></rect>'
                    f'<text x="{x + step * 0.35:.1f}" y="{height - 8}" font-size="11" text-anchor="middle">'
                    f'{html.escape(name)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
            f'aria-label="{html.escape(label)}"><line x1="{pad}" x2="{width - pad}" y1="{zero:.1f}" '
            f'y2="{zero:.1f}" stroke="#555"/>{"".join(bars)}</svg>')
