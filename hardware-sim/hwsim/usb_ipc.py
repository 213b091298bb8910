"""The virtual USB cable between the simulated shoe and `hwsim.usb_backend`: JSON lines over a Unix socket.

The shoe (in `rptable shoe-sim --usb`, or a test) listens; the pyusb backend in the host process connects.
Requests: `list`, `read` (interrupt IN, long-poll with a timeout), `ctrl` (vendor control transfer). Any device
id that is not the current one (the device was unplugged and plugged back) answers `nodev`, as a real bus would.
"""

from __future__ import annotations

import os
import tempfile

SOCKET_ENV = "HWSIM_USB_SOCKET"


def default_socket_path() -> str:
    """Where `shoe-sim --usb` listens and `hwsim.usb_backend:factory` connects unless $HWSIM_USB_SOCKET says."""
    configured = os.environ.get(SOCKET_ENV)
    if configured:
        return configured
    return os.path.join(tempfile.gettempdir(), f"rptable-usb-shoe-{os.getuid()}.sock")
