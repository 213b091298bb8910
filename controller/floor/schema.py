"""The floor's tables in PostgreSQL, beside the replica's `rptable_events` (controller.floor.replica).

- `floor_tables`: one row per table: the journal it is bound to (the hash of its first event), how far its
  events have been reported, the reporter's last sign of life, and the table now as its history makes it.
- `floor_rounds`, `floor_boxes`: one row per round and per box of it, as the history folds them (what the pit
  and the ratings add up; the audit folds the events themselves).
- `floor_decisions`: each decision a player made, what `basic` would have done, and its cost in antes.
- `floor_rules`: every set of house rules a table has played, by digest (the decisions are valued under them).
- `floor_staff_changes`, `floor_staff_attempts`: the floor's staff, as a chain of changes each signed with the
  floor's staff key, and every PIN tried (controller.floor.staff). A floor made before kept its staff as rows
  anyone could edit (`floor_staff`): `rptable floor init` sets them aside (controller.floor.roles).

Every write is keyed, so that a retry never counts twice: events on (table, seq), rounds on (table, round),
decisions on (table, seq). A change to `floor_tables` wakes the pit (NOTIFY on channel `rptable_floor`,
payload the table id), as does every batch of events.
"""

from __future__ import annotations

from controller.floor.replica import append_only, stamped

CHANNEL = "rptable_floor"

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS floor_tables (
    table_id       text PRIMARY KEY,
    first_hash     text NOT NULL,           -- the hash of the journal's first event: the id is bound to it
    journal        text NOT NULL DEFAULT '',
    host           text NOT NULL DEFAULT '',
    registered_at  timestamptz NOT NULL DEFAULT now(),
    last_seen      timestamptz,             -- the reporter's last sign of life
    closed_at      timestamptz,             -- the table stopped reporting on purpose
    reported_seq   bigint NOT NULL DEFAULT 0,
    journal_seq    bigint NOT NULL DEFAULT 0,
    summarized_seq bigint NOT NULL DEFAULT 0,
    refused        text NOT NULL DEFAULT '',
    state          jsonb NOT NULL DEFAULT '{{}}'
);
CREATE TABLE IF NOT EXISTS floor_rounds (
    table_id     text NOT NULL,
    round_id     text NOT NULL,
    number       integer NOT NULL,
    opened_at    double precision NOT NULL,
    closed_at    double precision,
    voided       boolean NOT NULL DEFAULT false,
    rules_name   text NOT NULL,
    rules_digest text NOT NULL,
    dealer       text NOT NULL DEFAULT '',
    boxes        integer NOT NULL DEFAULT 0,
    drop         bigint NOT NULL DEFAULT 0,
    house_win    bigint NOT NULL DEFAULT 0,
    theoretical  double precision NOT NULL DEFAULT 0,
    has_edge     boolean NOT NULL DEFAULT true,
    faults       integer NOT NULL DEFAULT 0,
    adjustments  integer NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, round_id)
);
CREATE INDEX IF NOT EXISTS floor_rounds_opened ON floor_rounds (table_id, opened_at);
CREATE INDEX IF NOT EXISTS rptable_events_round_opened ON rptable_events (table_id, at)
    WHERE kind = 'table.round_opened';
CREATE INDEX IF NOT EXISTS rptable_events_shoe ON rptable_events (table_id, seq)
    WHERE kind = 'table.shoe_session';
CREATE TABLE IF NOT EXISTS floor_boxes (
    table_id     text NOT NULL,
    round_id     text NOT NULL,
    box          integer NOT NULL,
    player       text NOT NULL DEFAULT '',
    opened_at    double precision NOT NULL,
    closed_at    double precision NOT NULL,
    ante         bigint NOT NULL,
    bonus        bigint NOT NULL,
    wagered      bigint NOT NULL,
    net          bigint NOT NULL,            -- the player's result, adjustments included
    theoretical  double precision NOT NULL,  -- the house's expected win from this box
    voided       boolean NOT NULL,
    rules_digest text NOT NULL,
    PRIMARY KEY (table_id, round_id, box)
);
CREATE INDEX IF NOT EXISTS floor_boxes_player ON floor_boxes (player, opened_at) WHERE player <> '';
CREATE TABLE IF NOT EXISTS floor_decisions (
    table_id     text NOT NULL,
    seq          bigint NOT NULL,            -- the decision's event
    round_id     text NOT NULL,
    box          integer NOT NULL,
    player       text NOT NULL,
    at           double precision NOT NULL,
    rules_digest text NOT NULL,
    situation    jsonb NOT NULL,             -- what the player knew (controller.floor.decisions.Situation)
    decision     text NOT NULL,
    basic        text NOT NULL,
    cost         double precision,           -- antes lost against basic (- = gained); NULL until valued
    cost_se      double precision,
    note         text NOT NULL DEFAULT '',   -- why it could not be valued
    PRIMARY KEY (table_id, seq)
);
CREATE INDEX IF NOT EXISTS floor_decisions_player ON floor_decisions (player, at);
CREATE INDEX IF NOT EXISTS floor_decisions_unvalued ON floor_decisions (at) WHERE cost IS NULL AND note = '';
-- The tables' round indexes (controller.table.journal.round_index), copied from each journal beside its events,
-- so that the audit and the pit read a round of a table that has played for months without reading its history.
CREATE TABLE IF NOT EXISTS rptable_rounds (
    table_id   text NOT NULL,
    opened_seq bigint NOT NULL,
    round_id   text NOT NULL,
    number     integer NOT NULL,
    opened_at  double precision NOT NULL,
    rules_seq  bigint NOT NULL,
    dealer_seq bigint NOT NULL,
    PRIMARY KEY (table_id, opened_seq)
);
CREATE INDEX IF NOT EXISTS rptable_rounds_by_id ON rptable_rounds (table_id, round_id);
CREATE INDEX IF NOT EXISTS rptable_rounds_by_time ON rptable_rounds (table_id, opened_at);
CREATE TABLE IF NOT EXISTS rptable_round_links (
    table_id text NOT NULL,
    round_id text NOT NULL,
    seq      bigint NOT NULL,
    PRIMARY KEY (table_id, round_id, seq)
);
-- A round's own events after the next round opened (a payment confirmed late) are table events: found here.
CREATE INDEX IF NOT EXISTS rptable_events_table_event_round ON rptable_events (table_id, round_id, seq)
    WHERE kind LIKE 'table.%';
ALTER TABLE floor_tables ADD COLUMN IF NOT EXISTS indexed_seq bigint NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS floor_rules (
    digest  text PRIMARY KEY,
    name    text NOT NULL,
    mapping jsonb NOT NULL
);
CREATE OR REPLACE FUNCTION floor_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('{CHANNEL}', NEW.table_id);
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS floor_tables_notify ON floor_tables;
CREATE TRIGGER floor_tables_notify AFTER INSERT OR UPDATE ON floor_tables
    FOR EACH ROW EXECUTE FUNCTION floor_notify_table();

CREATE OR REPLACE FUNCTION floor_notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('{CHANNEL}', t.table_id) FROM (SELECT DISTINCT table_id FROM arrived) t;
    RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS rptable_events_notify ON rptable_events;
CREATE TRIGGER rptable_events_notify AFTER INSERT ON rptable_events
    REFERENCING NEW TABLE AS arrived FOR EACH STATEMENT EXECUTE FUNCTION floor_notify_events();

-- The database itself refuses an event that does not continue the table's chain as it holds it (whoever
-- writes it): its predecessor must be there. An event keeps no predecessor's hash: its hash covers the hash of
-- the event before it, which a reader takes from here (controller.floor.replica), so an event written over a
-- gap or a forged hash shows in `audit --db verify`.
CREATE OR REPLACE FUNCTION rptable_events_chained() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.seq <> 1 AND NOT EXISTS (SELECT 1 FROM rptable_events
                                    WHERE table_id = NEW.table_id AND seq = NEW.seq - 1) THEN
        RAISE EXCEPTION 'event % of table % does not continue the chain the database holds', NEW.seq, NEW.table_id
            USING ERRCODE = 'RPT01';
    END IF;
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS rptable_events_chained ON rptable_events;
CREATE TRIGGER rptable_events_chained BEFORE INSERT ON rptable_events
    FOR EACH ROW EXECUTE FUNCTION rptable_events_chained();
"""
# Which version of another floor module's DDL the database holds (its SHA-256), so that a program connecting runs
# it only when it changed: DDL locks the tables it touches against every table's writes.
SCHEMA += """
CREATE TABLE IF NOT EXISTS floor_module_digests (
    module text PRIMARY KEY,
    digest text NOT NULL
);
"""
# The staff: a chain of signed changes and the PINs tried (controller.floor.staff), both append-only here too. A
# row is stamped with the database user who wrote it and the database's own time, whatever the row says.
SCHEMA += """
CREATE TABLE IF NOT EXISTS floor_staff_changes (
    seq        bigint PRIMARY KEY,
    at         double precision NOT NULL,
    actor      text,                       -- 'admin:NAME'; NULL for the first admin
    action     text NOT NULL,              -- add, disable, enable, role, secret, unlock
    name       text NOT NULL,
    detail     text NOT NULL,              -- JSON: the role; the PIN's salt and scrypt key
    prev_hash  text NOT NULL,
    hash       text NOT NULL,
    key_id     text NOT NULL,              -- the floor's staff key that signed it
    sig        text NOT NULL,
    written_by text NOT NULL DEFAULT '',
    written_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS floor_staff_attempts (
    attempt    bigserial PRIMARY KEY,
    at         double precision NOT NULL,  -- the table's clock
    name       text NOT NULL,
    outcome    text NOT NULL CHECK (outcome IN ('failed', 'login', 'failed_offline', 'login_offline')),
    table_id   text NOT NULL DEFAULT '',
    written_by text NOT NULL DEFAULT '',
    written_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS floor_staff_attempts_of ON floor_staff_attempts (name, at);
CREATE OR REPLACE FUNCTION floor_staff_chained() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT ((NEW.seq = 1 AND NOT EXISTS (SELECT 1 FROM floor_staff_changes))
            OR EXISTS (SELECT 1 FROM floor_staff_changes WHERE seq = NEW.seq - 1 AND hash = NEW.prev_hash)) THEN
        RAISE EXCEPTION 'staff change % does not continue the chain the database holds', NEW.seq
            USING ERRCODE = 'RPT01';
    END IF;
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS floor_staff_changes_chained ON floor_staff_changes;
CREATE TRIGGER floor_staff_changes_chained BEFORE INSERT ON floor_staff_changes
    FOR EACH ROW EXECUTE FUNCTION floor_staff_chained();
"""
SCHEMA += stamped("floor_staff_changes", by="written_by", at="written_at")
SCHEMA += stamped("floor_staff_attempts", by="written_by", at="written_at")
SCHEMA += "DROP FUNCTION IF EXISTS floor_staff_stamped();\n"  # what stamped both before each had its own
SCHEMA += append_only("floor_staff_changes", "the staff's changes are append-only: a change is made by a new, "
                      "signed change (rptable users --db URL), never by editing one")
SCHEMA += append_only("floor_staff_attempts", "the PINs tried are kept: a lockout ends with time or an admin's "
                      "unlock (rptable users --db URL unlock NAME), never by editing the attempts")
SCHEMA += """
-- An earlier floor's staff log (the staff's history before their changes were signed) stays append-only, with the
-- one function every other table uses.
DO $$ BEGIN
    IF to_regclass('floor_staff_log') IS NOT NULL THEN
        DROP TRIGGER IF EXISTS floor_staff_log_append_only ON floor_staff_log;
        CREATE TRIGGER floor_staff_log_append_only BEFORE UPDATE OR DELETE ON floor_staff_log
            FOR EACH ROW EXECUTE FUNCTION rptable_append_only('the staff log is append-only');
        DROP TRIGGER IF EXISTS floor_staff_log_not_truncated ON floor_staff_log;
        CREATE TRIGGER floor_staff_log_not_truncated BEFORE TRUNCATE ON floor_staff_log
            FOR EACH STATEMENT EXECUTE FUNCTION rptable_append_only('the staff log is append-only');
        DROP FUNCTION IF EXISTS floor_staff_log_append_only();
    END IF;
END $$;
"""

# What `rptable floor init` grants (controller.floor.roles): a table appends its events, rounds, boxes and decisions
# (a retry updates its own keyed rows) and the PINs tried at it, and reads the staff; the pit values decisions; an
# admin's tool appends the signed staff changes. Every role reads every table.
_REPORTED = ("floor_tables", "floor_rounds", "floor_boxes", "floor_decisions", "floor_rules", "rptable_rounds",
             "rptable_round_links")
GRANTS: dict[str, dict[str, tuple[str, ...]]] = {
    "table": {"rptable_events": ("SELECT", "INSERT"), **{t: ("SELECT", "INSERT", "UPDATE") for t in _REPORTED},
              "floor_staff_changes": ("SELECT",), "floor_staff_attempts": ("SELECT", "INSERT"),
              "floor_module_digests": ("SELECT",)},
    "pit": {"floor_decisions": ("SELECT", "UPDATE"), "floor_staff_attempts": ("SELECT", "INSERT")},
    "admin": {"floor_staff_changes": ("SELECT", "INSERT"), "floor_staff_attempts": ("SELECT", "INSERT")},
}
