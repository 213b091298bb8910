"""The table's journal: an append-only, hash-chained SQLite file in which every event is durable before anyone
sees it (store), its SQLite file (sqlite_file) and its chain check (chain)."""

from controller.table.journal.sqlite_file import JournalError
from controller.table.journal.store import Journal, JournalEntry, NewEvent, payload_to_json

__all__ = ["Journal", "JournalEntry", "JournalError", "NewEvent", "payload_to_json"]
