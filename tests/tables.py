"""Tables for tests of other stories than the operator guard: as shipped, `classic` and `online` favour a skilled
player, so no round opens on them until an admin acknowledges it (tests/test_operator_guard.py); these tables have had
it acknowledged, as a casino opening them would; and `one_quick`, the presets a story plays in the default run."""

from __future__ import annotations

from collections.abc import Sequence

from controller.table.controller import TableController
from controller.table.security.users import Role, User

TEST_ADMIN = User("root", Role.ADMIN)


def acknowledged(table: TableController) -> TableController:
    """The table, its house rules' edge acknowledged by an admin where the operator guard asks for it."""
    if not table.edge_guard.acknowledged:
        table.edge_guard.acknowledge(TEST_ADMIN, "a table of the test suite")
    return table


def one_quick(names: Sequence[object], quick: object = "classic") -> list[object]:
    """Each of `names` as a test's parameter, every one but `quick` marked slow: the default run plays one, the
    nightly run (`make test-slow`) the others, which repeat the same story under other rules."""
    import pytest  # here, not at the top: the console processes of the stories import this module, not pytest

    return [pytest.param(name, marks=() if name == quick else pytest.mark.slow) for name in names]
