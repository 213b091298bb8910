"""The table application around the pure engine: the journal, the table controller, recovery, users, audit."""
