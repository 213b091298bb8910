"""The casino floor: every table's events in PostgreSQL, the pit's live view of them, audit and reports from
the database, staff accounts shared by every table, and player ratings.

A table keeps its own journal and plays on without the database; its reporter (reporter.py) copies every
event into PostgreSQL as it is journaled (controller.floor.replica does the copying and the chain checks) and
writes beside the events what the table's history (controller.table.history, the one fold) makes of them:
the table now, one row per round and per box, each player decision (summary.py). The pit (pit.py) reads
those rows only, woken by PostgreSQL's LISTEN/NOTIFY; the audit (audit_source.py) folds the events
themselves, exactly as it folds a journal.
"""
