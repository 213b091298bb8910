"""The linked jackpot's tables in the floor's PostgreSQL: the meter, its ledger, its hits and its tables.

- `jackpot_meter`: one row per meter (linked tables share one): what it holds now and what it reseeds to.
- `jackpot_ledger`: every chip into or out of a meter, append-only: `seed` (the first reseed), `contribution`
  (a box's share of its stake), `payout` (a hit's amount, leaving the meter the moment the hit is committed),
  `reseed` (the house tops the meter up to its reseed after a hit; a negative one takes a rejected hit's top-up
  back; one with an `actor` is chips an admin of the floor's staff added, `rptable jackpot reseed`, its `proof` the
  admin's signature with the floor's staff key; the database takes a reseed from a table's role only as the top-up
  right after a hit's payout, or its taking back right after the hit's return), `reversal`
  (a voided round's contribution leaving the meter again), `return` (a rejected hit's amount back into the meter).
  At any moment a meter's amount equals the sum of its ledger (seeds and reseeds + contributions less reversals -
  payouts less returns): `rptable jackpot audit` checks it, and replays the ledger entry by entry.
- `jackpot_hits`: each hit, numbered in commit order (`hit`), with the journal that made it; pending until a pit
  boss confirms it at the table (`paid`) or rejects it there, or its round is voided (`rejected`, with the reason).
- `jackpot_tables`: the tables linked to a meter, each with its last sign of life and the journal its id is bound
  to (controller.floor.table_binding: a second journal under a linked table's id is refused), and how far the
  meter has credited that journal (`credited_seq`, `credited_hash`: a journal that does not hold that event is not
  the history the meter took stakes from, and is refused).

A contribution, a reversal, a payout and a return are keyed on (meter, table, round, box), so a table that sends
a box's settlement again after a kill or an outage changes nothing the second time. Every change wakes the sign
(NOTIFY on channel `rptable_jackpot`, payload the meter).
"""

from __future__ import annotations

from controller.floor.replica import append_only

CHANNEL = "rptable_jackpot"

SCHEMA = """
CREATE TABLE IF NOT EXISTS jackpot_meter (
    meter_id   text PRIMARY KEY,
    amount     bigint NOT NULL,
    reseed     bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS jackpot_ledger (
    entry       bigserial PRIMARY KEY,
    meter_id    text NOT NULL REFERENCES jackpot_meter,
    at          timestamptz NOT NULL DEFAULT now(),
    kind        text NOT NULL,
    table_id    text NOT NULL DEFAULT '',
    round_id    text NOT NULL DEFAULT '',
    box         integer NOT NULL DEFAULT 0,
    amount      bigint NOT NULL,            -- + into the meter, - out of it
    meter_after bigint NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS jackpot_ledger_once_per_box
    ON jackpot_ledger (meter_id, kind, table_id, round_id, box)
    WHERE kind IN ('contribution', 'payout', 'reversal', 'return');
CREATE TABLE IF NOT EXISTS jackpot_hits (
    hit          bigserial PRIMARY KEY,     -- commit order: hits are numbered under the meter's row lock
    meter_id     text NOT NULL REFERENCES jackpot_meter,
    table_id     text NOT NULL,
    round_id     text NOT NULL,
    box          integer NOT NULL,
    category     text NOT NULL,
    share_pct    integer NOT NULL,
    meter_at_hit bigint NOT NULL,
    amount       bigint NOT NULL,
    hit_at       timestamptz NOT NULL DEFAULT now(),
    status       text NOT NULL DEFAULT 'pending',
    confirmed_by text NOT NULL DEFAULT '',
    confirmed_at timestamptz,
    UNIQUE (meter_id, table_id, round_id, box)
);
-- The kinds and statuses are checked by constraints of their own names, made once: a meter made before voided
-- rounds and rejected hits takes the new ones (its older checks and its older index go, a hit's reason comes).
-- Checked first, so that a table linking to a meter of this version locks nothing.
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'jackpot_ledger_kind') THEN
        ALTER TABLE jackpot_ledger DROP CONSTRAINT IF EXISTS jackpot_ledger_kind_check;
        ALTER TABLE jackpot_ledger ADD CONSTRAINT jackpot_ledger_kind
            CHECK (kind IN ('seed', 'contribution', 'payout', 'reseed', 'reversal', 'return'));
        DROP INDEX IF EXISTS jackpot_ledger_once;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'jackpot_hits_status') THEN
        ALTER TABLE jackpot_hits ADD COLUMN IF NOT EXISTS reason text NOT NULL DEFAULT '';
        ALTER TABLE jackpot_hits DROP CONSTRAINT IF EXISTS jackpot_hits_status_check;
        ALTER TABLE jackpot_hits ADD CONSTRAINT jackpot_hits_status CHECK (status IN ('pending', 'paid', 'rejected'));
    END IF;
END $$;
CREATE TABLE IF NOT EXISTS jackpot_tables (
    table_id     text PRIMARY KEY,
    meter_id     text NOT NULL REFERENCES jackpot_meter,
    linked_at    timestamptz NOT NULL DEFAULT now(),
    last_seen    timestamptz NOT NULL DEFAULT now()
);
-- A table's id is bound to its journal (the hash of its first event; '' on a meter made before: the first journal
-- to link claims it), and each hit to the journal that made it. Checked first, as above.
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'jackpot_tables'::regclass AND attname = 'first_hash')
    THEN
        ALTER TABLE jackpot_tables ADD COLUMN first_hash text NOT NULL DEFAULT '',
            ADD COLUMN journal text NOT NULL DEFAULT '', ADD COLUMN host text NOT NULL DEFAULT '';
        ALTER TABLE jackpot_hits ADD COLUMN journal_hash text NOT NULL DEFAULT '';
    END IF;
    -- who made a reseed of the house's own (an admin of the floor's staff); '' for the meter's own top-ups
    IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'jackpot_ledger'::regclass AND attname = 'actor') THEN
        ALTER TABLE jackpot_ledger ADD COLUMN actor text NOT NULL DEFAULT '';
    END IF;
    -- the admin's signature of a reseed of the house's own (controller.floor.jackpot_audit.reseed_message)
    IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'jackpot_ledger'::regclass AND attname = 'proof') THEN
        ALTER TABLE jackpot_ledger ADD COLUMN proof text NOT NULL DEFAULT '';
    END IF;
    -- the last event of the table's journal the meter has taken its jackpot entries up to
    IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'jackpot_tables'::regclass
                   AND attname = 'credited_seq') THEN
        ALTER TABLE jackpot_tables ADD COLUMN credited_seq bigint NOT NULL DEFAULT 0,
            ADD COLUMN credited_hash text NOT NULL DEFAULT '';
    END IF;
END $$;
"""
# The ledger is append-only in the database itself: an entry changed or deleted by anyone who connects is refused
# (its sum is what `jackpot audit` checks the meter and every hit against); the rest as far as each can be: a hit
# only moves forward (pending to paid or rejected, with who, when and why); a meter is the ledger's last word (its
# amount what its last entry left it at, its reseed for ever); a table's id stays bound to its journal. None is
# deleted, and none of the four is emptied by TRUNCATE (append_only, at the end).
SCHEMA += """
CREATE OR REPLACE FUNCTION jackpot_hits_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'jackpot hits are kept: hit #% cannot be deleted', OLD.hit;
    END IF;
    IF OLD.status <> 'pending' OR NEW.status NOT IN ('paid', 'rejected')
       OR (NEW.hit, NEW.meter_id, NEW.table_id, NEW.round_id, NEW.box, NEW.category, NEW.share_pct,
           NEW.meter_at_hit, NEW.amount, NEW.hit_at, NEW.journal_hash)
          IS DISTINCT FROM (OLD.hit, OLD.meter_id, OLD.table_id, OLD.round_id, OLD.box, OLD.category, OLD.share_pct,
                            OLD.meter_at_hit, OLD.amount, OLD.hit_at, OLD.journal_hash) THEN
        RAISE EXCEPTION 'a jackpot hit only moves forward, from pending to paid or rejected: hit #% cannot be changed',
            OLD.hit;
    END IF;
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS jackpot_hits_forward_only ON jackpot_hits;
CREATE TRIGGER jackpot_hits_forward_only BEFORE UPDATE OR DELETE ON jackpot_hits
    FOR EACH ROW EXECUTE FUNCTION jackpot_hits_forward_only();
CREATE OR REPLACE FUNCTION jackpot_meter_is_its_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    last_after bigint;
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'a jackpot meter is kept: % cannot be deleted', OLD.meter_id;
    END IF;
    IF TG_OP = 'INSERT' THEN
        IF NEW.amount <> NEW.reseed THEN
            RAISE EXCEPTION 'a new jackpot meter starts at its reseed';
        END IF;
        RETURN NEW;
    END IF;
    SELECT meter_after INTO last_after FROM jackpot_ledger WHERE meter_id = NEW.meter_id ORDER BY entry DESC LIMIT 1;
    IF NEW.meter_id <> OLD.meter_id OR NEW.reseed <> OLD.reseed OR NEW.amount IS DISTINCT FROM last_after THEN
        RAISE EXCEPTION 'a jackpot meter is what its ledger makes it: % is not what the ledger left it at (%)',
            NEW.amount, last_after;
    END IF;
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS jackpot_meter_is_its_ledger ON jackpot_meter;
CREATE TRIGGER jackpot_meter_is_its_ledger BEFORE INSERT OR UPDATE OR DELETE ON jackpot_meter
    FOR EACH ROW EXECUTE FUNCTION jackpot_meter_is_its_ledger();
CREATE OR REPLACE FUNCTION jackpot_tables_stay_bound() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR (OLD.first_hash <> '' AND NEW.first_hash IS DISTINCT FROM OLD.first_hash) THEN
        RAISE EXCEPTION 'table % stays bound to its journal on the jackpot meter', OLD.table_id;
    END IF;
    IF NEW.credited_seq < OLD.credited_seq THEN
        RAISE EXCEPTION 'the history the jackpot meter credited for table % only grows', OLD.table_id;
    END IF;
    RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS jackpot_tables_stay_bound ON jackpot_tables;
CREATE TRIGGER jackpot_tables_stay_bound BEFORE UPDATE OR DELETE ON jackpot_tables
    FOR EACH ROW EXECUTE FUNCTION jackpot_tables_stay_bound();
-- A reseed of the house's own is an admin's: the owner, a superuser or the admins' role writes it (the audit then
-- wants the admin's signature). Anyone else, a table's role among them, writes a reseed only as the meter's own:
-- the top-up to its reseed right after a hit's payout, or that top-up taken back right after the hit's return.
-- A floor set up to refuse stakes from a table without an approved key (floor_settings) refuses them here too.
CREATE OR REPLACE FUNCTION jackpot_ledger_entry_allowed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    last jackpot_ledger%ROWTYPE;
BEGIN
    IF NEW.kind = 'contribution' AND to_regclass('floor_settings') IS NOT NULL
       AND to_regclass('floor_table_key_approvals') IS NOT NULL THEN
        IF (SELECT value FROM floor_settings WHERE name = 'tables_need_approved_key' ORDER BY setting DESC LIMIT 1)
               = 'on'
           AND NOT EXISTS (SELECT 1 FROM floor_table_key_approvals WHERE table_id = NEW.table_id) THEN
            RAISE EXCEPTION 'table % has no approved key on the floor: the jackpot meter takes no stake from it',
                NEW.table_id;
        END IF;
    END IF;
    IF NEW.kind <> 'reseed' OR EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper)
       OR pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'MEMBER')
       OR (to_regrole('rptable_admin') IS NOT NULL AND pg_has_role(current_user, 'rptable_admin', 'MEMBER')) THEN
        RETURN NEW;
    END IF;
    IF NEW.actor = '' AND NEW.table_id <> '' THEN
        SELECT * INTO last FROM jackpot_ledger WHERE meter_id = NEW.meter_id ORDER BY entry DESC LIMIT 1;
        IF FOUND AND (last.table_id, last.round_id, last.box) = (NEW.table_id, NEW.round_id, NEW.box)
           AND NEW.meter_after = last.meter_after + NEW.amount
           AND ((last.kind = 'payout' AND NEW.amount > 0
                 AND NEW.meter_after = (SELECT reseed FROM jackpot_meter WHERE meter_id = NEW.meter_id))
                OR (last.kind = 'return' AND NEW.amount < 0)) THEN
            RETURN NEW;
        END IF;
    END IF;
    RAISE EXCEPTION 'a reseed of the house''s own is written only by an admin (rptable jackpot reseed): % writes a '
        'reseed only as the meter''s top-up right after a hit', current_user;
END $$;
DROP TRIGGER IF EXISTS jackpot_ledger_entry_allowed ON jackpot_ledger;
CREATE TRIGGER jackpot_ledger_entry_allowed BEFORE INSERT ON jackpot_ledger
    FOR EACH ROW EXECUTE FUNCTION jackpot_ledger_entry_allowed();
-- Made by an earlier version: the four tables' TRUNCATE triggers of their own, now append_only's.
DROP TRIGGER IF EXISTS jackpot_ledger_not_emptied ON jackpot_ledger;
DROP TRIGGER IF EXISTS jackpot_hits_not_emptied ON jackpot_hits;
DROP TRIGGER IF EXISTS jackpot_meter_not_emptied ON jackpot_meter;
DROP TRIGGER IF EXISTS jackpot_tables_not_emptied ON jackpot_tables;
DROP FUNCTION IF EXISTS jackpot_not_emptied();
"""
for _table in ("jackpot_ledger", "jackpot_hits", "jackpot_meter", "jackpot_tables"):
    SCHEMA += append_only(_table, "the jackpot ledger is append-only: an entry cannot be changed or deleted",
                          rows=_table == "jackpot_ledger", emptied=f"the jackpot's tables are kept: {_table} cannot be "
                                                                   "emptied")
# What `rptable floor init` grants (controller.floor.roles): a table links, adds its settlements and hits and
# confirms them; an admin reseeds; everyone reads.
GRANTS: dict[str, dict[str, tuple[str, ...]]] = {
    "table": {"jackpot_meter": ("SELECT", "INSERT", "UPDATE"), "jackpot_ledger": ("SELECT", "INSERT"),
              "jackpot_hits": ("SELECT", "INSERT", "UPDATE"), "jackpot_tables": ("SELECT", "INSERT", "UPDATE")},
    "pit": {"jackpot_meter": ("SELECT",)},
    "admin": {"jackpot_meter": ("SELECT", "UPDATE"), "jackpot_ledger": ("SELECT", "INSERT")},
}
