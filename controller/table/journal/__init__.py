"""The table's journal: an append-only, hash-chained SQLite file in which every event is durable before anyone
sees it (store), its rows and their hash (rows), its SQLite file (sqlite_file), its chain check (chain), the
whole-file check a writer makes before it writes (whole_file), and the head file that keeps one writer and
witnesses how far it got (head)."""

from controller.table.journal.sqlite_file import JournalError
from controller.table.journal.store import Journal, JournalEntry, JournalNotMade, NewEvent, payload_to_json
from controller.table.journal.whole_file import Damage, JournalDamaged

__all__ = ["Damage", "Journal", "JournalDamaged", "JournalEntry", "JournalError", "JournalNotMade", "NewEvent",
           "payload_to_json"]
