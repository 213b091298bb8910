"""The pit boss's live view of every table reporting to the floor's database (`rptable pit`): a card per
table, faults on top in red, woken by the tables' reports (LISTEN/NOTIFY); a click opens the table's audit
from the database."""
