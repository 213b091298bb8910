"""The linked jackpot's tables in the floor's PostgreSQL: the meter, its ledger, its hits and its tables.

- `jackpot_meter`: one row per meter (linked tables share one): what it holds now and what it reseeds to.
- `jackpot_ledger`: every chip into or out of a meter, append-only: `seed` (the first reseed), `contribution`
  (a box's share of its stake), `payout` (a hit's amount, leaving the meter the moment the hit is committed),
  `reseed` (the house tops the meter up to its reseed after a hit; a negative one takes a rejected hit's top-up
  back), `reversal` (a voided round's contribution leaving the meter again), `return` (a rejected hit's amount
  back into the meter). At any moment a meter's amount equals the sum of its ledger (seeds and reseeds +
  contributions less reversals - payouts less returns): `rptable jackpot audit` checks it.
- `jackpot_hits`: each hit, numbered in commit order (`hit`), with the journal that made it; pending until a pit
  boss confirms it at the table (`paid`) or rejects it there, or its round is voided (`rejected`, with the reason).
- `jackpot_tables`: the tables linked to a meter, each with its last sign of life and the journal its id is bound
  to (controller.floor.table_binding: a second journal under a linked table's id is refused).

A contribution, a reversal, a payout and a return are keyed on (meter, table, round, box), so a table that sends
a box's settlement again after a kill or an outage changes nothing the second time. Every change wakes the sign
(NOTIFY on channel `rptable_jackpot`, payload the meter).
"""

from __future__ import annotations

from controller.table.replica import append_only

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
END $$;
"""
# The ledger's append-only in the database itself: an entry changed or deleted by anyone who connects is refused
# (its sum is what `jackpot audit` checks the meter and every hit against).
SCHEMA += append_only("jackpot_ledger", "the jackpot ledger is append-only: an entry cannot be changed or deleted")
