"""SHOE/1, the reference card-reading shoe: messages, serial and USB codecs, delivery rules, drivers."""
