"""The Qt (PySide6) dealer console and pit-boss views: a listener of the TableController, no rule of its own."""
