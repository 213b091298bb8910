"""SHOE/1, the reference card-reading shoe: its messages, serial and USB codecs, delivery rules and drivers."""
