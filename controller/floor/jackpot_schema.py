"""The linked jackpot's tables in the floor's PostgreSQL: the meter, its ledger, its hits and its tables.

- `jackpot_meter`: one row per meter (linked tables share one): what it holds now and what it reseeds to.
- `jackpot_ledger`: every chip into or out of a meter, append-only: `seed` (the first reseed), `contribution`
  (a box's share of its stake), `payout` (a hit's amount, leaving the meter the moment the hit is committed),
  `reseed` (the house tops the meter up to its reseed after a hit). At any moment a meter's amount equals the
  sum of its ledger (seeds and reseeds + contributions - payouts): `rptable jackpot audit` checks it.
- `jackpot_hits`: each hit, numbered in commit order (`hit`); pending until a pit boss confirms it at the table.
- `jackpot_tables`: the tables linked to a meter, each with its last sign of life and whether it takes bets.

A contribution and a payout are keyed on (meter, table, round, box), so a table that sends a box's settlement
again after a kill or an outage changes nothing the second time. Every change wakes the sign (NOTIFY on
channel `rptable_jackpot`, payload the meter).
"""

from __future__ import annotations

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
    kind        text NOT NULL CHECK (kind IN ('seed', 'contribution', 'payout', 'reseed')),
    table_id    text NOT NULL DEFAULT '',
    round_id    text NOT NULL DEFAULT '',
    box         integer NOT NULL DEFAULT 0,
    amount      bigint NOT NULL,            -- + into the meter, - out of it
    meter_after bigint NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS jackpot_ledger_once ON jackpot_ledger (meter_id, kind, table_id, round_id, box)
    WHERE kind IN ('contribution', 'payout');
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
    status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
    confirmed_by text NOT NULL DEFAULT '',
    confirmed_at timestamptz,
    UNIQUE (meter_id, table_id, round_id, box)
);
CREATE TABLE IF NOT EXISTS jackpot_tables (
    table_id     text PRIMARY KEY,
    meter_id     text NOT NULL REFERENCES jackpot_meter,
    linked_at    timestamptz NOT NULL DEFAULT now(),
    last_seen    timestamptz NOT NULL DEFAULT now()
);
"""
