"""The refusal every part of a table raises while play is stopped (an open fault, a journal that cannot be written)."""


class TableLocked(Exception):
    """Play is stopped by an open fault; the message says which and what to do."""
