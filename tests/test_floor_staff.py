"""Issue "The casino floor", item 4: staff accounts for the floor. Accounts and lockouts are kept in PostgreSQL and
cached on each table, so a pit boss can log in while the database is unreachable; the cache never grants what
the database revoked once the table is back online; three wrong PINs lock the account on every table."""

import pytest
from floor_kit import needs_postgres

from controller.floor.staff import FloorUserStore
from controller.table.security.users import AuthError, Role

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `database` and `outage` (the worker's cluster, stopped and started)


class Clock:
    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now


def floor_with_staff(url, tmp_path, clock):
    office = FloorUserStore(url, tmp_path / "office-cache.db", clock=clock)
    root = office.add("root", Role.ADMIN, "991357", by=None)
    office.add("boris", Role.PIT_BOSS, "123490", by=root)
    office.add("dina", Role.DEALER, "567801", by=root)
    return office, root


def test_floor_4_the_first_account_is_an_admin_and_only_an_admin_adds(database, tmp_path):
    office = FloorUserStore(database, tmp_path / "cache.db")
    with pytest.raises(AuthError, match="first account must be an admin"):
        office.add("boris", Role.PIT_BOSS, "123490", by=None)
    root = office.add("root", Role.ADMIN, "991357", by=None)
    boris = office.add("boris", Role.PIT_BOSS, "123490", by=root)
    with pytest.raises(AuthError, match="Only an admin"):
        office.add("eve", Role.DEALER, "111357", by=boris)
    assert [(u.name, u.role) for u in office.accounts()] == [("boris", Role.PIT_BOSS), ("root", Role.ADMIN)]
    assert [entry[2] for entry in office.log()] == ["add", "add"]


def test_floor_4_three_wrong_pins_lock_the_account_on_every_table(database, tmp_path):
    clock = Clock()
    floor_with_staff(database, tmp_path, clock)
    t1 = FloorUserStore(database, tmp_path / "t1.db", table_id="T1", clock=clock)
    t2 = FloorUserStore(database, tmp_path / "t2.db", table_id="T2", clock=clock)
    with pytest.raises(AuthError, match="wrong"):
        t1.authenticate("boris", "0000", need=Role.PIT_BOSS)
    with pytest.raises(AuthError, match="wrong"):
        t2.authenticate("boris", "0001", need=Role.PIT_BOSS)
    with pytest.raises(AuthError, match="now locked for 5 minutes"):
        t1.authenticate("boris", "0002", need=Role.PIT_BOSS)
    with pytest.raises(AuthError, match="locked for about 5 more minute"):
        t2.authenticate("boris", "123490", need=Role.PIT_BOSS)  # the right PIN, on another table
    clock.now += 301
    assert t2.authenticate("boris", "123490", need=Role.PIT_BOSS).name == "boris"
    assert [row[2] for row in t1.log() if row[3] == "boris"] == ["add", "login_attempt", "login_attempt", "locked",
                                                                 "login_attempt", "login"]
    with pytest.raises(AuthError, match="dealer: a pit boss is needed"):
        t1.authenticate("dina", "567801", need=Role.PIT_BOSS)


def test_floor_4_a_table_that_cannot_reach_the_floor_never_takes_its_staff_for_empty(database, outage, tmp_path):
    """A new table whose floor is away has seen no account: the console offered to make a first admin of the table's
    own, as on a table without a floor. The floor keeps the staff; the table waits for it."""
    floor_with_staff(database, tmp_path, Clock())
    outage.stop()
    try:
        table = FloorUserStore(database, tmp_path / "new-table.db", table_id="T9")
        assert table.is_empty() is False
        table.close()
    finally:
        outage.start()


def test_floor_4_a_pit_boss_logs_in_from_the_cache_while_the_database_is_away(database, outage, tmp_path):
    clock = Clock()
    floor_with_staff(database, tmp_path, clock)
    table = FloorUserStore(database, tmp_path / "t1.db", table_id="T1", clock=clock)
    assert table.sync()
    outage.stop()
    assert table.authenticate("boris", "123490", need=Role.PIT_BOSS).name == "boris"
    assert table.offline_reason  # it says why it answered from the cache
    with pytest.raises(AuthError, match="wrong"):
        table.authenticate("boris", "111357", need=Role.PIT_BOSS)
    with pytest.raises(AuthError, match="only accounts this table has seen"):
        table.authenticate("nobody", "111357")
    outage.start()
    assert table.sync()
    actions = [(row[2], row[3]) for row in table.log()]
    assert ("login_offline", "boris") in actions and ("failed_offline", "boris") in actions
    table.close()


def test_floor_4_the_cache_never_grants_what_the_database_revoked_once_back_online(database, outage, tmp_path):
    clock = Clock()
    office, root = floor_with_staff(database, tmp_path, clock)
    table = FloorUserStore(database, tmp_path / "t1.db", table_id="T1", clock=clock)
    assert table.authenticate("boris", "123490", need=Role.PIT_BOSS).name == "boris"  # now in its cache
    office.disable("boris", by=root)  # revoked at the office while the table is still online
    outage.stop()
    # away from the database, the cache still holds what it last knew
    assert table.authenticate("boris", "123490", need=Role.PIT_BOSS).name == "boris"
    outage.start()
    with pytest.raises(AuthError, match="disabled"):  # back online: the database decides
        table.authenticate("boris", "123490", need=Role.PIT_BOSS)
    outage.stop()
    with pytest.raises(AuthError, match="disabled"):  # and the cache now says the same
        table.authenticate("boris", "123490", need=Role.PIT_BOSS)
    with pytest.raises(AuthError, match="changed and listed only in the floor database"):
        office.add("eve", Role.DEALER, "111357", by=root)


def test_floor_4_wrong_pins_tried_offline_count_on_the_floor_when_it_is_back(database, outage, tmp_path):
    clock = Clock()
    floor_with_staff(database, tmp_path, clock)
    table = FloorUserStore(database, tmp_path / "t1.db", table_id="T1", clock=clock)
    other = FloorUserStore(database, tmp_path / "t2.db", table_id="T2", clock=clock)
    assert table.sync()
    outage.stop()
    for guess in ("0000", "0001"):
        with pytest.raises(AuthError, match="wrong"):
            table.authenticate("boris", guess, need=Role.PIT_BOSS)
    outage.start()
    assert table.sync()  # two wrong PINs handed over: one more anywhere locks the account everywhere
    with pytest.raises(AuthError, match="now locked"):
        other.authenticate("boris", "0002", need=Role.PIT_BOSS)


def _users_on_the_floor(url, *args, stdin="", env=None):
    """`rptable users` on the floor's database, in the test's process (tests/cli_kit.py)."""
    from cli_kit import rptable

    return rptable("users", "--db", url, *args, stdin=stdin, env=env)


def test_floor_4_an_admin_makes_the_floors_staff_from_the_command_line_and_a_table_logs_them_in(
        database, tmp_path, monkeypatch, qtbot):
    import os

    from ui.login import LoginForm

    monkeypatch.setenv("RPTABLE_DATA_DIR", str(tmp_path / "table-data"))
    env = {**os.environ}
    assert _users_on_the_floor(database, "bootstrap", "root", stdin="991357\n", env=env).returncode == 0
    made = _users_on_the_floor(database, "add", "boris", "--role", "pit_boss", "--admin", "root",
                               stdin="991357\n432190\n", env=env)
    assert made.returncode == 0 and "added as pit boss" in made.stdout
    assert "boris" in _users_on_the_floor(database, "list", env=env).stdout

    # A console started with --replica URL logs its staff in through the floor's database.
    form = LoginForm(database, Role.PIT_BOSS, "Pit boss")
    qtbot.addWidget(form)
    seen = []
    form.logged_in.connect(seen.append)
    form.name.setText("boris")
    form.pin.setText("432190")
    assert form.log_in() is not None and seen[0].name == "boris"
    assert list((tmp_path / "table-data" / "staff-cache").glob("*.db")), "the table keeps its cache of the floor"


def test_floor_4_a_wrong_database_url_is_said_in_words(tmp_path):
    out = _users_on_the_floor("postgresql:///nowhere?host=" + str(tmp_path), "list")
    assert out.returncode == 1 and "Traceback" not in out.stderr and out.stderr.strip()
