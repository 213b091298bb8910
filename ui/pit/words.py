"""The pit's words for what the floor writes in English (controller.floor, for its JSON snapshot, its page and
the command line): a table's step, an age, a flagged player's evidence, the database's trouble. Said from the
structured parts where the summary row has them, otherwise from the sentence's known shape (ui.sentences);
a sentence of no known shape stays as written."""

from __future__ import annotations

from controller.engine import Phase
from controller.floor.pit import TableView, age_text
from ui.i18n import translate
from ui.sentences import QT_TRANSLATE_NOOP, reworded, reworded_by, shape_of
from ui.words import phase_name

# controller.floor.pit.age_text; the longest first, since "{0} s" fits "3 min 5 s" too
AGES = tuple(shape_of(t) for t in (
    QT_TRANSLATE_NOOP("Sentences", "{0} h {1} min"),
    QT_TRANSLATE_NOOP("Sentences", "{0} min {1} s"),
    QT_TRANSLATE_NOOP("Sentences", "{0} s"),
    QT_TRANSLATE_NOOP("Sentences", "never"),
))
# controller.floor.ratings.Visit.flags
FLAGS = tuple(shape_of(t) for t in (
    QT_TRANSLATE_NOOP("Sentences", "decisions beat basic: {0} antes per decision over {1} valued decisions "
                                   "(total {2} antes, 95% interval {3} to {4})"),
    QT_TRANSLATE_NOOP("Sentences", "won {0} against an expected {1}: {2} standard deviations above expectation "
                                   "over {3} rounds"),
    QT_TRANSLATE_NOOP("Sentences", "lost {0} against an expected {1}: {2} standard deviations below expectation "
                                   "over {3} rounds"),
))
# controller.floor.database.explain; {1} is the database's own English, left to the logs
TROUBLES = tuple(shape_of(t) for t in (
    QT_TRANSLATE_NOOP("Sentences", "The floor database {0} refused the password ({1}). Check the password in the "
                                   "URL, or ask the database administrator whether it was changed or revoked."),
    QT_TRANSLATE_NOOP("Sentences", "The floor database {0} does not exist ({1}). Check the URL's database name."),
    QT_TRANSLATE_NOOP("Sentences", "The floor database {0} refused this user ({1}). The user needs to create "
                                   "tables and write rows there: ask the database administrator."),
    QT_TRANSLATE_NOOP("Sentences", "The floor database {0} cannot be reached ({1}). Check that it is running and "
                                   "reachable."),
    QT_TRANSLATE_NOOP("Sentences", "The floor database {0} cannot be used ({1})."),
))


def age_words(seconds: float | None) -> str:
    """`42 s`, `3 min 5 s`, `2 h 10 min`, `never`, in the pit's language."""
    return reworded_by(AGES, age_text(seconds))


def step_words(view: TableView) -> str:
    """What the table is at: between rounds, or its round, the round's moment and what is expected next. Not
    "idle", the word of the alert for a table that deals nothing with a dealer signed in."""
    state = view.state
    if not state.get("in_play"):
        last = state.get("round")
        if last:
            return translate("PitWords", "between rounds (last round {0})").format(last)
        return translate("PitWords", "no round yet")
    phase = str(state.get("phase", ""))
    moment = phase_name(Phase(phase)) if phase in set(Phase) else phase
    return translate("PitWords", "round {0} at {1}: {2}").format(state.get("round"), moment,
                                                                 reworded(str(state.get("step", ""))))


def flag_words(flag: str) -> str:
    """Why a player is flagged, with the evidence."""
    return reworded_by(FLAGS, flag)


def trouble_words(reason: str) -> str:
    """What keeps the pit from the floor's database, and what to check."""
    return reworded_by(TROUBLES, reason)


def idle_words(view: TableView, now: float) -> str:
    """A table with a dealer signed in and no round: for how long, and who is at it."""
    return translate("PitWords", "IDLE {0}: dealer {1} signed in, no round").format(
        age_words(view.idle_for(now)), view.dealer.split(":")[-1])


def alert_words(views: list[TableView], now: float) -> str:
    """The floor's alerts in one line (the tables with faults, those not reporting, those idle with a dealer),
    each naming its tables, or "" when there is nothing to look at."""
    found: dict[str, list[str]] = {"fault": [], "silent": [], "idle": []}
    for view in views:
        alert = view.alert(now)
        if alert:
            found[alert].append(view.table_id)
    said = ((found["fault"], translate("PitWords", "⚠ FAULT: {0}")),
            (found["silent"], translate("PitWords", "⚠ NOT REPORTING: {0}")),
            (found["idle"], translate("PitWords", "⚠ IDLE with a dealer signed in: {0}")))
    return " · ".join(words.format(", ".join(tables)) for tables, words in said if tables)


def played_words(minutes: float) -> str:
    """Time at a table: `35 min`, `2 h 05 min`."""
    whole = int(minutes)
    if whole < 60:
        return translate("PitWords", "{0} min").format(whole)
    return translate("PitWords", "{0} h {1} min").format(whole // 60, f"{whole % 60:02d}")
