"""The floor report of one day: every table side by side with the floor's totals, by table and by hour, as
HTML with charts and as CSV. Each table's rounds are folded from the floor database's events by the one fold
and counted by the shift report's own rules (controller.table.audit.shift_report), so a table's line here is
its own `audit report` of that day."""

from __future__ import annotations

import csv
import html
import io
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from controller.floor.audit_source import FloorTable, table_ids
from controller.measured.house_edges import measured_edges
from controller.table.audit.shift_report import ShiftReport, Tally, _svg_bars, build_report, theoretical_basis
from controller.table.history import TableHistory

if TYPE_CHECKING:
    import psycopg


@dataclass
class FloorReport:
    date: str
    tables: dict[str, ShiftReport]
    total: Tally
    by_hour: dict[str, Tally]
    table_hours: dict[tuple[str, str], Tally]  # (table, hour) -> its tally


def day_bounds(date: str) -> tuple[float, float]:
    """The UTC day `date` (YYYY-MM-DD) as [start, end) in seconds; ValueError for another form."""
    day = datetime.strptime(date, "%Y-%m-%d").replace(tzinfo=UTC)
    return day.timestamp(), (day + timedelta(days=1)).timestamp()


def build_floor_report(connection: psycopg.Connection[tuple[Any, ...]], date: str) -> FloorReport:
    start, end = day_bounds(date)
    edges = measured_edges()
    tables: dict[str, ShiftReport] = {}
    for table in table_ids(connection):
        history = TableHistory.read(FloorTable(connection, table).day_entries(start, end))
        rounds = [r for r in history.rounds if start <= r.opened_at < end]
        if rounds:
            tables[table] = build_report(table, rounds, edges, shoe_sessions=history.shoe_sessions)
    by_hour: dict[str, list[Tally]] = defaultdict(list)
    table_hours: dict[tuple[str, str], Tally] = {}
    for table, report in tables.items():
        for hour, tally in report.by_hour.items():
            by_hour[hour].append(tally)
            table_hours[table, hour] = tally
    return FloorReport(date, tables, combined(r.total for r in tables.values()),
                       {hour: combined(tallies) for hour, tallies in sorted(by_hour.items())}, table_hours)


def combined(tallies: Iterable[Tally]) -> Tally:
    """Tallies of separate rounds added up."""
    items = list(tallies)
    return Tally(sum(t.rounds for t in items), sum(t.boxes for t in items), sum(t.drop for t in items),
                 sum(t.win for t in items), sum(t.theoretical for t in items))


def floor_csv(report: FloorReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "table", "hour", "rounds", "boxes", "drop", "house_win", "hold_pct",
                     "theoretical_win", "theoretical_hold_pct"])
    rows: list[tuple[str, str, str, Tally]] = [("total", "", "", report.total)]
    rows += [("table", table, "", r.total) for table, r in sorted(report.tables.items())]
    rows += [("hour", "", hour, t) for hour, t in report.by_hour.items()]
    rows += [("table_hour", table, hour, t) for (table, hour), t in sorted(report.table_hours.items())]
    for section, table, hour, t in rows:
        writer.writerow([section, table, hour, t.rounds, t.boxes, t.drop, t.win, f"{t.hold_pct:.2f}",
                         f"{t.theoretical:.2f}", f"{t.theoretical_hold_pct:.2f}"])
    return out.getvalue()


def floor_html(report: FloorReport) -> str:
    def row(name: str, t: Tally, strong: bool = False) -> str:
        cells = (f"<td>{html.escape(name)}</td><td>{t.rounds:,}</td><td>{t.drop:,}</td><td>{t.win:+,}</td>"
                 f"<td>{t.theoretical:+,.0f}</td><td>{t.hold_pct:.2f}%</td><td>{t.theoretical_hold_pct:.2f}%</td>")
        return f"<tr class=\"total\">{cells}</tr>" if strong else f"<tr>{cells}</tr>"

    head = ("<tr><th>{}</th><th>rounds</th><th>drop</th><th>house win</th><th>theoretical win</th><th>hold</th>"
            "<th>theoretical hold</th></tr>")
    tables = sorted(report.tables.items())
    hours = sorted({hour for _, hour in report.table_hours})
    grid_head = "<tr><th>table</th>" + "".join(f"<th>{html.escape(h[-5:])}</th>" for h in hours) + "</tr>"
    grid = "".join(
        f"<tr><td>{html.escape(table)}</td>" + "".join(
            f"<td>{report.table_hours[table, h].win:+,}</td>" if (table, h) in report.table_hours else "<td></td>"
            for h in hours) + "</tr>" for table, _ in tables)
    bases = sorted({theoretical_basis(r) for _, r in tables})
    t = report.total
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Floor report {html.escape(report.date)}</title>
<style>body{{font-family:sans-serif;margin:2em;color:#222}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #bbb;padding:4px 10px;text-align:right}}th{{background:#eee}}td:first-child{{text-align:left}}
tr.total td{{font-weight:bold;background:#f4f4f4}}.big{{font-size:1.4em}}</style></head><body>
<h1>Floor report, {html.escape(report.date)} (UTC)</h1>
<p class="big">{len(tables)} table(s) &middot; {t.rounds:,} rounds &middot; drop {t.drop:,} &middot; house win
{t.win:+,} &middot; hold {t.hold_pct:.2f}% (theoretical {t.theoretical_hold_pct:.2f}%)</p>
{"".join(f"<p>{html.escape(b)}</p>" for b in bases)}
{"".join(f"<p><b>{html.escape(table)}: {html.escape(r.shoe_line)}</b></p>" for table, r in tables if r.shoe_line)}
<h2>Tables side by side</h2>
{_svg_bars([(table, r.total.hold_pct) for table, r in tables], "hold % by table")}
<table>{head.format("table")}{"".join(row(table, r.total) for table, r in tables)}{row("floor", t, True)}</table>
<h2>By hour</h2>
{_svg_bars([(h[-5:], v.hold_pct) for h, v in report.by_hour.items()], "hold % by hour")}
<table>{head.format("hour (UTC)")}{"".join(row(h, v) for h, v in report.by_hour.items())}</table>
<h2>House win by table and hour</h2>
<table>{grid_head}{grid}</table>
</body></html>
"""
