"""Fixtures every test module may ask for: the dealer console on a table screen (tests/console_kit.py), and a
data folder of each test's own (its table keys and accounts never touch the user's, nor another test's)."""

import pytest
from console_kit import make_console, no_leaks

__all__ = ["make_console", "no_leaks"]


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory, monkeypatch):
    """RPTABLE_DATA_DIR in a fresh folder, and no installed manifest unless a test writes one."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(folder))
    monkeypatch.setenv("RPTABLE_MANIFEST", str(folder / "no-manifest.json"))
    return folder
