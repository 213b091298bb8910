"""SHOE/1, the reference card-reading shoe: messages, the serial and USB codecs, the delivery rules, and one
driver (link_source) over a serial line or socket (serial_link, serial_source), USB (usb_source), or the
simulator's in-process cable (hwsim.inprocess)."""
