"""Roles (issue: table application): pit-boss actions need a pit-boss login; secrets are never kept in clear."""

import contextlib

import pytest

from controller.table.users import AuthError, Role, UserStore


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


@pytest.fixture
def store(tmp_path):
    clock = Clock()
    users = UserStore(tmp_path / "users.db", clock=clock)
    admin = users.add("root", Role.ADMIN, "s3cret-admin", by=None)
    users.add("boris", Role.PIT_BOSS, "4321", by=admin)
    users.add("anna", Role.DEALER, "1111", by=admin)
    users.clock_ = clock
    yield users
    users.close()


def test_roles_the_first_account_must_be_an_admin(tmp_path):
    users = UserStore(tmp_path / "u.db")
    with pytest.raises(AuthError, match="first account must be an admin"):
        users.add("anna", Role.DEALER, "1111", by=None)


def test_roles_only_an_admin_adds_or_disables_accounts(store):
    boris = store.authenticate("boris", "4321")
    with pytest.raises(AuthError, match="Only an admin"):
        store.add("ivan", Role.DEALER, "2222", by=boris)
    with pytest.raises(AuthError, match="Only an admin"):
        store.disable("anna", by=boris)


def test_roles_a_dealer_cannot_act_as_pit_boss(store):
    with pytest.raises(AuthError, match="anna' is a dealer: a pit boss is needed for this"):
        store.authenticate("anna", "1111", need=Role.PIT_BOSS)
    assert store.authenticate("boris", "4321", need=Role.PIT_BOSS).label == "pit_boss:boris"
    assert store.authenticate("root", "s3cret-admin", need=Role.PIT_BOSS).may(Role.PIT_BOSS)


def test_roles_three_wrong_pins_lock_for_five_minutes(store):
    for _ in range(2):
        with pytest.raises(AuthError, match=r"^Name or PIN is wrong\.$"):
            store.authenticate("boris", "0000")
    with pytest.raises(AuthError, match="locked for 5 minutes"):
        store.authenticate("boris", "0000")
    with pytest.raises(AuthError, match="locked for about 5 more"):
        store.authenticate("boris", "4321")  # even the right PIN, while locked
    store.clock_.now += 5 * 60 + 1
    assert store.authenticate("boris", "4321").name == "boris"


def test_roles_unknown_name_and_wrong_pin_look_the_same(store):
    with pytest.raises(AuthError, match=r"^Name or PIN is wrong\.$"):
        store.authenticate("nobody", "1111")


def test_roles_disabled_account_cannot_log_in(store):
    store.disable("anna", by=store.authenticate("root", "s3cret-admin"))
    with pytest.raises(AuthError, match="disabled"):
        store.authenticate("anna", "1111")
    assert [(u.name, u.disabled) for u in store.accounts()] == [("anna", True), ("boris", False), ("root", False)]


def test_roles_no_secret_is_stored_in_plain_text(store, tmp_path):
    store.close()  # everything on disk: the database and its write-ahead log
    blob = b"".join(p.read_bytes() for p in tmp_path.glob("users.db*"))
    assert len(blob) > 4096
    for secret in (b"s3cret-admin", b"4321", b"1111"):
        assert secret not in blob
    reopened = UserStore(tmp_path / "users.db")
    actions = [(actor, action, name) for _, actor, action, name, _ in reopened.log()]
    assert (None, "add", "root") in actions and ("admin:root", "add", "anna") in actions
    reopened.close()


def test_roles_guesses_in_parallel_all_count_towards_the_lockout(tmp_path):
    import threading

    path = tmp_path / "users.db"
    setup = UserStore(path)
    admin = setup.add("root", Role.ADMIN, "s3cret-admin", by=None)
    setup.add("boris", Role.PIT_BOSS, "4321", by=admin)
    setup.close()

    def guess():
        store = UserStore(path)
        with contextlib.suppress(AuthError):
            store.authenticate("boris", "0000")
        store.close()

    threads = [threading.Thread(target=guess) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store = UserStore(path)
    with pytest.raises(AuthError, match="locked"):
        store.authenticate("boris", "4321")
    store.close()


def test_roles_a_disabled_account_is_named_only_to_someone_who_knows_its_pin(store):
    store.disable("anna", by=store.authenticate("root", "s3cret-admin"))
    with pytest.raises(AuthError, match=r"^Name or PIN is wrong\.$"):
        store.authenticate("anna", "9999")
    with pytest.raises(AuthError, match="disabled"):
        store.authenticate("anna", "1111")
