"""One way to open a table: the card source, the journal, the house rules, the staff accounts, the table
controller, the floor's settings, the camera's showdown guard, the program record, the jackpot link and the
floor's reporter, opened in that order from a `TableConfig`, and closed, last first, however the session ends."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from controller.table.controller import TableController
from controller.table.file_modes import open_files_report
from controller.table.journal import Journal, JournalError
from controller.table.rule_files import load_rules
from controller.table.security.users import UserStore
from controller.table.showdown import ShowdownGuard
from drivers.base import CardSource, SourceError, open_source

if TYPE_CHECKING:
    from controller.core.rules import HouseRules
    from controller.floor.jackpot_link import JackpotLink, LinkState
    from controller.floor.reporter import ReportStatus, TableReporter
    from controller.table.security.program import ProgramCheck
    from controller.table.security.signing import SigningKey

DEFAULT_RULES = "classic"  # the house rules of a new journal opened without any


@dataclass(frozen=True)
class TableConfig:
    """What a table is opened from. The floor's parts are optional: without `replica` nothing reports to the
    floor, without `jackpot` the table has no link to the meter."""

    journal: Path
    shoe: str  # the card source's URL
    table_id: str = "T1"
    rules: HouseRules | None = None  # None: the journal's own, or DEFAULT_RULES for a new journal
    camera: str | None = None  # a camera over the layout that reads each showdown (the card-switch alarm)
    key: SigningKey | None = None  # seals the journal
    staff: Path | None = None  # the accounts file the table trusts; None: none (a floor table's, a simulation)
    dealer_required: bool = False  # a live table deals only for a dealer signed in
    commit_per: str = "command"  # "command", or "round" (once every `rounds_per_commit` rounds)
    rounds_per_commit: int = 1
    program: ProgramCheck | None = None  # the installed program as checked: journaled when it changed
    replica: str | None = None  # the floor's database the table reports every event to
    jackpot: str | None = None  # the floor's database holding the jackpot meter
    follows_floor: bool = False  # journal the floor's settings (from `replica`, else `jackpot`) as the table opens
    make_journal_folder: bool = False  # make the journal's folder where it is missing (the data folder's)
    jackpot_wait: float = 0.0  # seconds the jackpot link is given to reach the meter before the table plays
    floor_wait: float | None = None  # seconds the floor's parts are given to finish at close (None: their own)

    @property
    def floor(self) -> str | None:
        """The floor's database whose settings the table follows, if it has one."""
        return self.replica or self.jackpot


class CardSourceUnavailable(SourceError):
    """The table's card source cannot be opened: nothing else was opened, and no journal was made."""


class TableSession:
    """An open table: its `controller`, card `source` (none for a table opened at the desk), camera `showdown`
    guard, floor `reporter` and `jackpot` link (each None where the config asks for none). `close()` (or leaving
    `with`) closes what was opened, last first; `jackpot_state` and `report_status` then hold the floor parts'
    last word."""

    def __init__(self, config: TableConfig, source: CardSource | None, controller: TableController,
                 staff: UserStore | None, showdown: ShowdownGuard | None) -> None:
        self.config = config
        self._source = source
        self.controller = controller
        self.staff = staff
        self.showdown = showdown
        self.jackpot: JackpotLink | None = None
        self.reporter: TableReporter | None = None
        self.jackpot_state: LinkState | None = None
        self.report_status: ReportStatus | None = None
        self._closing = contextlib.ExitStack()

    @property
    def source(self) -> CardSource:
        """The table's card source (a table opened at the desk has none: asking for it is a mistake in code)."""
        if self._source is None:
            raise RuntimeError("a table opened at the desk has no card source")
        return self._source

    @property
    def journal(self) -> Journal:
        return self.controller.journal

    def close(self) -> None:
        """Close what was opened, last first (again: nothing more)."""
        self._closing.close()

    def __enter__(self) -> TableSession:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _stop_jackpot(self, link: JackpotLink) -> None:
        wait = self.config.floor_wait
        self.jackpot_state = link.stop() if wait is None else link.stop(timeout=wait)

    def _stop_reporter(self, reporter: TableReporter) -> None:
        wait = self.config.floor_wait
        self.report_status = reporter.stop() if wait is None else reporter.stop(timeout=wait)


def open_table(config: TableConfig, *, prepare: Callable[[TableController], object] | None = None,
               on_warning: Callable[[str], None] | None = None,
               on_jackpot_state: Callable[[LinkState], None] | None = None,
               on_report_status: Callable[[ReportStatus], None] | None = None) -> TableSession:
    """The table of `config`, open. The card source opens first, so that a table that cannot start leaves no
    journal behind; whatever fails after it closes what was opened, last first, and raises as the part itself
    does: CardSourceUnavailable (a SourceError) for the card source; JournalError, RulesError, SigningKeyError,
    AccountsFileError, TableLocked; SourceError for the camera; ValueError for a jackpot link on rules without a
    jackpot (refused before anything opens when the config gives the rules); OSError for a journal folder that
    cannot be made.
    `prepare` is given the controller before the program is journaled (a simulated session claims its journal
    there); `on_warning` hears what the table's owner should fix but that does not stop it (files open to others,
    floor settings that cannot be read); the link and the reporter tell `on_jackpot_state` and `on_report_status`
    how they stand."""
    warn = on_warning or _unheard
    if config.jackpot and config.rules is not None:
        from controller.floor.jackpot_link import jackpot_rules_of

        jackpot_rules_of(config.rules)
    with contextlib.ExitStack() as closing:  # unwound here only if the opening fails; an open session owns it
        try:
            source = closing.enter_context(contextlib.closing(open_source(config.shoe)))
        except SourceError as err:
            raise CardSourceUnavailable(str(err)) from err
        if config.make_journal_folder:
            config.journal.parent.mkdir(parents=True, exist_ok=True)
        journal = closing.enter_context(contextlib.closing(Journal(config.journal, config.table_id)))
        rules = config.rules
        if rules is None and journal.last_seq == 0:
            rules = load_rules(DEFAULT_RULES)
        staff = None if config.staff is None else closing.enter_context(contextlib.closing(UserStore(config.staff)))
        controller = _controller_of(config, journal, rules, staff, warn)
        if config.follows_floor and config.floor:
            _follow_floor_settings(controller, config.floor, warn)
        showdown = ShowdownGuard.open(controller)
        if showdown is not None:
            closing.callback(showdown.close)
        session = TableSession(config, source, controller, staff, showdown)
        if prepare is not None:
            prepare(controller)
        program = config.program
        if program is not None and program.ok:
            controller.record_program(program.version, program.installed.digest, len(program.installed.files))
        if config.jackpot:
            from controller.floor.jackpot_link import open_link

            assert controller.rules is not None  # the controller journals its rules before anything else
            session.jackpot = open_link(config.journal, config.table_id, config.jackpot, controller.rules,
                                        on_state=on_jackpot_state, wait=config.jackpot_wait)
            closing.callback(session._stop_jackpot, session.jackpot)
            controller.add_listener(session.jackpot.wake)
        if config.replica:
            from controller.floor.reporter import TableReporter

            session.reporter = TableReporter(config.journal, config.table_id, config.replica,
                                             on_status=on_report_status).start()
            closing.callback(session._stop_reporter, session.reporter)
            controller.add_listener(session.reporter.wake)
        session._closing = closing.pop_all()
    return session


class NoTableYet(JournalError):
    """A command for an existing table was given a journal that holds none: nothing was written."""


def open_table_at_desk(journal: Path, table_id: str, *, key: SigningKey | Callable[[], SigningKey] | None,
                       accounts: UserStore | None = None, clock: Callable[[], float] = time.time) -> TableSession:
    """A table opened for one command away from its shoe (a pit boss acknowledging its rules, accepting its staff
    accounts, paying or rejecting a jackpot hit; `audit salvage` recording the damage on the journal it salvaged):
    its journal, house rules and `key` (or what makes it, called once the table is known: a refused command makes
    no key), and the `accounts` store the caller opened and closes, assembled as `open_table` assembles them,
    without a card source, camera or floor link. The table must already exist: a journal that is missing or
    holds no table raises NoTableYet and nothing is journaled. Raises as `open_table` does otherwise
    (JournalBusy while the table runs)."""
    require_journal(journal)
    with contextlib.ExitStack() as closing:
        opened = closing.enter_context(contextlib.closing(Journal(journal, table_id)))
        if opened.last_seq == 0:
            raise NoTableYet(f"{journal} holds no table yet: open the table first (it records its house rules and "
                             "staff), then give this command.")
        config = TableConfig(journal, shoe="", table_id=table_id, key=key() if callable(key) else key)
        controller = _controller_of(config, opened, None, accounts, _unheard, clock)
        session = TableSession(config, None, controller, accounts, None)
        session._closing = closing.pop_all()
    return session


def require_journal(journal: Path) -> None:
    """NoTableYet unless there is a journal at `journal` (a command for an existing table checks before it opens
    anything else: opened to write, a journal that is not there would be made)."""
    if not _exists(journal):
        raise NoTableYet(f"There is no journal at {journal}: give the table's journal (--journal); a table makes "
                         "its journal when it first opens.")


def _controller_of(config: TableConfig, journal: Journal, rules: HouseRules | None, staff: UserStore | None,
                   warn: Callable[[str], None], clock: Callable[[], float] = time.time) -> TableController:
    """The table's controller over its open journal, after a word on its files that others can read."""
    for problem in open_files_report(_table_files(config, staff)):
        warn(problem)
    return TableController(journal, rules, clock=clock, commit_per=config.commit_per,
                           rounds_per_commit=config.rounds_per_commit, camera=config.camera, key=config.key,
                           accounts=staff, dealer_required=config.dealer_required)


def _exists(path: Path) -> bool:
    """Path.exists, but True for a path no file can have (a name too long): the journal's opening says why."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return True


def _unheard(_text: str) -> None:
    """A warning nobody asked to hear."""


def _table_files(config: TableConfig, staff: UserStore | None) -> list[Path]:
    """The table's files that others must not read: its journal, key, accounts, and the keys' folder."""
    key = config.key.path if config.key is not None else None
    return ([config.journal] + ([key] if key is not None else []) + ([staff.path] if staff is not None else []) +
            ([key.parent] if key is not None else []))


def _follow_floor_settings(controller: TableController, url: str, warn: Callable[[str], None]) -> None:
    """What the floor's settings ask of the table's shoe, journaled as the table starts; while the floor cannot
    be reached, the journal's last word holds (a cut line lets no plain shoe in)."""
    from controller.floor.database import FloorError
    from controller.floor.settings import SHOES_MUST_AUTHENTICATE, floor_setting_of

    try:
        controller.follow_floor_settings(floor_setting_of(url, SHOES_MUST_AUTHENTICATE))
    except FloorError as err:
        kept = "on" if controller.history.shoes_must_authenticate else "off"
        warn(f"the floor's settings cannot be read ({err}); the table keeps the last it read: "
             f"{SHOES_MUST_AUTHENTICATE} {kept}.")
