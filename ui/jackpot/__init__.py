"""The linked jackpot's sign above the tables (`rptable jackpot sign`)."""
