"""Opening a table: the one assembly of a card source, a journal, the table controller and its floor links that
the console and simulated sessions share (table_session.py), and the simulated session itself (simulate.py)."""
