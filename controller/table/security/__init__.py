"""Who may act at the table and what vouches for it: the staff accounts and their PINs (users, accounts_pin,
common_secrets), the table's signing key that seals its journal (signing), and the certified program (program)."""
