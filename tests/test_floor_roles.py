"""The floor's database as a place with roles: `rptable floor init` makes the schema and a least-privilege role for
the tables, the pit and the admins; the ledgers, hits and staff tables are append-only even to the owner; the
staff are a chain of changes signed with the floor's staff key, pinned on the tables; PINs tried are appended rows
and a lockout is what they make it. The attacks of anyone holding a table's URL (or the owner's), as stories."""

import base64
import json
import os

import pytest
from cli_kit import rptable
from floor_kit import ENV, needs_postgres, psycopg, query

from controller.floor.jackpot_meter import JackpotMeter, JackpotRefused
from controller.floor.roles import init_floor
from controller.floor.staff import FloorStaffTampered, FloorUserStore
from controller.table.security.signing import SigningKey
from controller.table.security.users import AuthError, Role, _derive, account_hash

pytestmark = needs_postgres
pytest_plugins = ["floor_kit"]  # the fixtures `cluster` and `database`


class Clock:
    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now


def as_role(url, role):
    """The same database, as another PostgreSQL user (the test cluster trusts its socket: no password)."""
    return url.replace("postgresql://postgres@", f"postgresql://{role}@")


def initialised(url):
    with psycopg.connect(url) as db:
        return init_floor(db)


def staffed(url, tmp_path, clock=None):
    """A floor set up by `floor init`, its staff made through the admin's role: root, boris (pit boss), dan."""
    initialised(url)
    office = FloorUserStore(as_role(url, "rptable_admin"), tmp_path / "office.db", clock=clock or Clock())
    root = office.add("root", Role.ADMIN, "991357", by=None)
    office.add("boris", Role.PIT_BOSS, "123490", by=root)
    office.add("dan", Role.DEALER, "567801", by=root)
    return office, root


def refused_sql(url, sql, *params):
    with psycopg.connect(url) as db, pytest.raises(psycopg.Error) as caught:
        db.execute(sql, params)
    return caught.value


def test_floor_init_makes_a_role_for_the_tables_the_pit_and_the_admins_and_again_changes_nothing(database):
    first = initialised(database)
    assert {kind: made for kind, (_role, made, _pw) in first.roles.items()} == {"table": True, "pit": True,
                                                                               "admin": True} or \
        all(role.startswith("rptable_") for role, _made, _pw in first.roles.values())  # another test made them
    # every floor schema module's tables: the events, the staff, the jackpot, the tables' keys
    assert {"rptable_events", "floor_staff_changes", "floor_staff_attempts", "jackpot_ledger",
            "floor_table_key_requests"} <= set(first.tables)
    again = initialised(database)
    assert [made for _role, made, _pw in again.roles.values()] == [False, False, False]
    assert again.tables == first.tables
    assert "rptable_table:PASSWORD@" in again.url_for(database, "table")  # its password is not said again
    with psycopg.connect(as_role(database, "rptable_pit")) as pit:
        assert pit.execute("SELECT count(*) FROM rptable_events").fetchone() == (0,)  # the pit reads
    assert "permission denied" in str(refused_sql(
        as_role(database, "rptable_pit"), "INSERT INTO floor_rules (digest, name, mapping) VALUES ('d', 'n', '{}')"))


def test_floor_init_from_the_command_line_prints_each_programs_url(database):
    def init(*more, db=database):
        return rptable("floor", "init", "--db", db, *more, env={**ENV, "RPTABLE_MANIFEST": "/nonexistent"})
    out = init("--json")
    assert out.returncode == 0, out.stderr
    made = json.loads(out.stdout)
    assert set(made["roles"]) == {"table", "pit", "admin"}
    assert made["roles"]["table"]["url"].startswith("postgresql://rptable_table:")
    text = init()
    assert text.returncode == 0 and "role rptable_admin: there already" in text.stdout
    denied = init(db=as_role(database, "rptable_table"))
    assert denied.returncode == 1 and "Traceback" not in denied.stderr
    assert "owner" in denied.stderr


def test_an_edit_of_the_staff_through_a_tables_role_is_permission_denied(database, tmp_path):
    _office, root = staffed(database, tmp_path)
    table_url = as_role(database, "rptable_table")
    for attack in ("UPDATE floor_staff_changes SET detail = replace(detail, 'dealer', 'pit_boss') WHERE name = 'dan'",
                   "DELETE FROM floor_staff_attempts", "TRUNCATE floor_staff_changes",
                   "INSERT INTO floor_staff_changes (seq, at, action, name, detail, prev_hash, hash, key_id, sig) "
                   "VALUES (99, 0, 'add', 'eve', '{}', '', '', '', '')"):
        assert isinstance(refused_sql(table_url, attack), psycopg.errors.InsufficientPrivilege), attack
    table = FloorUserStore(table_url, tmp_path / "t1.db", table_id="T1")
    with pytest.raises(AuthError, match=r"refused this program's database user.*admin's URL"):
        table.add("eve", Role.ADMIN, "246813", by=root)
    assert table.authenticate("boris", "123490", need=Role.PIT_BOSS).name == "boris"  # it reads and logs in


def test_the_owner_cannot_rewrite_a_ledger_a_hit_or_the_staff_either(database, tmp_path):
    office, _root = staffed(database, tmp_path)
    with pytest.raises(AuthError):
        office.authenticate("dan", "000001")  # a PIN tried: a row
    JackpotMeter(database).link("T1", 1_000)
    for attack, words in (("UPDATE floor_staff_changes SET action = 'add'", "staff's changes are append-only"),
                          ("DELETE FROM floor_staff_attempts", "PINs tried are kept"),
                          ("TRUNCATE floor_staff_changes", "staff's changes are append-only"),
                          ("TRUNCATE rptable_events", "replica is append-only"),
                          ("TRUNCATE jackpot_ledger", "cannot be emptied"),
                          ("DELETE FROM jackpot_ledger", "jackpot ledger is append-only")):
        assert words in str(refused_sql(database, attack)), attack
    with psycopg.connect(database) as db:  # one function refuses for every table, with each table's own words
        (functions,) = db.execute("SELECT count(*) FROM pg_proc WHERE proname LIKE '%append_only'").fetchone()
    assert functions == 1


def forge(database, sql, *params):
    """What only the owner or a superuser can do: write with the triggers off."""
    with psycopg.connect(database) as db:
        db.execute("SET session_replication_role = replica")
        db.execute(sql, params)


def test_a_dealer_made_pit_boss_by_plain_sql_is_refused_as_tampering(database, tmp_path):
    staffed(database, tmp_path)
    forge(database, "UPDATE floor_staff_changes SET detail = replace(detail, '\"dealer\"', '\"pit_boss\"') "
                    "WHERE name = 'dan'")
    JackpotMeter(database).link("T1", 1_000)
    table = FloorUserStore(as_role(database, "rptable_table"), tmp_path / "t1.db", table_id="T1")
    with pytest.raises(FloorStaffTampered, match=r"tampered with: staff change 3 .add dan.* changed after it was"):
        table.authenticate("dan", "567801", need=Role.PIT_BOSS)
    with pytest.raises(JackpotRefused, match="tampered"):  # nor can he pay a jackpot, nor anyone while it is so
        JackpotMeter(database).reseed_by("root", 100)


def test_an_earlier_floors_staff_rows_are_refused_until_floor_init_sets_them_aside(database, tmp_path):
    with psycopg.connect(database) as db:  # as the earlier rptable kept them
        db.execute("CREATE TABLE floor_staff (name text PRIMARY KEY, role text NOT NULL, salt bytea NOT NULL, key "
                   "bytea NOT NULL, n integer NOT NULL, r integer NOT NULL, p integer NOT NULL, disabled boolean NOT "
                   "NULL DEFAULT false, failures integer NOT NULL DEFAULT 0, locked_until double precision NOT NULL "
                   "DEFAULT 0)")
        db.execute("INSERT INTO floor_staff VALUES ('dan', 'pit_boss', '\\x00', '\\x00', 1, 1, 1)")
        db.execute("CREATE TABLE floor_staff_log (at double precision NOT NULL, actor text, action text NOT NULL, "
                   "name text NOT NULL, detail text NOT NULL DEFAULT '', table_id text NOT NULL DEFAULT '')")
        db.execute("INSERT INTO floor_staff_log (at, action, name) VALUES (1, 'add', 'dan')")
        db.execute("CREATE TABLE floor_schema (version integer NOT NULL)")
        db.execute("INSERT INTO floor_schema VALUES (4)")
    table = FloorUserStore(database, tmp_path / "t1.db", table_id="T1")
    with pytest.raises(AuthError, match=r"earlier rptable.*Run `rptable floor init"):
        table.authenticate("dan", "567801", need=Role.PIT_BOSS)
    with pytest.raises(AuthError, match="earlier rptable"):
        table.add("root", Role.ADMIN, "991357", by=None)
    assert initialised(database).set_aside == 1
    assert table.add("root", Role.ADMIN, "991357", by=None).name == "root"
    assert "staff log is append-only" in str(refused_sql(database, "DELETE FROM floor_staff_log"))  # its history kept
    assert query(database, "SELECT name, role FROM floor_staff_unsigned") == [("dan", "pit_boss")]


def test_an_admin_inserted_with_a_key_made_offline_is_not_believed(database, tmp_path):
    staffed(database, tmp_path)
    JackpotMeter(database).link("T1", 1_000)
    with psycopg.connect(database) as db:
        seq, prev = db.execute("SELECT seq, hash FROM floor_staff_changes ORDER BY seq DESC LIMIT 1").fetchone()
    salt = os.urandom(16)  # a PIN's key made at the cost the store checks, and a chain link made as the program does
    key = _derive("864213", salt)
    detail = json.dumps({"role": "admin", "salt": base64.b64encode(salt).decode(),
                         "key": base64.b64encode(key).decode()},
                        sort_keys=True, separators=(",", ":"))
    digest = account_hash(seq + 1, 1_800_000_100.0, None, "add", "mallory", detail, prev)
    other = SigningKey.generate()
    sig = base64.b64encode(other.sign(f"rptable-floor-staff/1\x1f{digest}".encode())).decode()
    with psycopg.connect(as_role(database, "rptable_admin")) as db:  # the admin's URL, without the staff key
        db.execute("INSERT INTO floor_staff_changes (seq, at, actor, action, name, detail, prev_hash, hash, key_id, "
                   "sig) VALUES (%s, %s, NULL, 'add', 'mallory', %s, %s, %s, %s, %s)",
                   (seq + 1, 1_800_000_100.0, detail, prev, digest, other.public.key_id, sig))
    table = FloorUserStore(as_role(database, "rptable_table"), tmp_path / "t1.db", table_id="T1")
    with pytest.raises(FloorStaffTampered, match=r"mallory.*written by database user rptable_admin.*not signed by the "
                                                 "floor's staff key"):
        table.authenticate("mallory", "864213", need=Role.ADMIN)
    with pytest.raises(JackpotRefused, match="not signed"):
        JackpotMeter(database).reseed_by("mallory", 100)


def test_a_table_checks_the_staff_against_the_key_pinned_on_it(database, tmp_path, monkeypatch):
    staffed(database, tmp_path)
    elsewhere = tmp_path / "pinned.pub"
    elsewhere.write_text(SigningKey.generate().public.pem())  # a table pinned to another floor's key
    monkeypatch.setenv("RPTABLE_FLOOR_STAFF_PUBKEY", str(elsewhere))
    table = FloorUserStore(as_role(database, "rptable_table"), tmp_path / "t1.db", table_id="T1")
    with pytest.raises(FloorStaffTampered, match="not signed by the floor's staff key pinned here"):
        table.authenticate("boris", "123490", need=Role.PIT_BOSS)
    monkeypatch.setenv("RPTABLE_FLOOR_STAFF_PUBKEY", str(tmp_path / "none.pub"))
    monkeypatch.setenv("RPTABLE_FLOOR_STAFF_KEY", str(tmp_path / "none.key"))
    with pytest.raises(AuthError, match="not pinned on this machine"):
        table.authenticate("boris", "123490", need=Role.PIT_BOSS)


def test_a_staff_change_removed_behind_the_tables_back_is_noticed(database, tmp_path):
    office, root = staffed(database, tmp_path)
    office.disable("dan", by=root)
    table = FloorUserStore(as_role(database, "rptable_table"), tmp_path / "t1.db", table_id="T1")
    with pytest.raises(AuthError, match="disabled"):
        table.authenticate("dan", "567801")
    forge(database, "DELETE FROM floor_staff_changes WHERE action = 'disable'")
    with pytest.raises(FloorStaffTampered, match=r"this table saw 4 staff changes.*changes were removed"):
        table.authenticate("dan", "567801")


def test_a_zeroed_lockout_is_still_locked(database, tmp_path):
    clock = Clock()
    staffed(database, tmp_path, clock)
    table_url = as_role(database, "rptable_table")
    table = FloorUserStore(table_url, tmp_path / "t1.db", table_id="T1", clock=clock)
    for guess in ("000001", "000002"):
        with pytest.raises(AuthError, match="wrong"):
            table.authenticate("boris", guess, need=Role.PIT_BOSS)
    with pytest.raises(AuthError, match="now locked"):
        table.authenticate("boris", "000003", need=Role.PIT_BOSS)
    # the attacks on the count: no counter to zero, no row to change or delete, and a forged login counts for nothing
    assert isinstance(refused_sql(table_url, "DELETE FROM floor_staff_attempts WHERE name = 'boris'"),
                      psycopg.errors.InsufficientPrivilege)
    assert "PINs tried are kept" in str(refused_sql(database, "UPDATE floor_staff_attempts SET outcome = 'login'"))
    with psycopg.connect(table_url) as db:
        db.execute("INSERT INTO floor_staff_attempts (at, name, outcome) VALUES (%s, 'boris', 'login')",
                   (clock.now + 1,))
    clock.now += 2
    with pytest.raises(AuthError, match="locked for about 5 more minute"):
        table.authenticate("boris", "123490", need=Role.PIT_BOSS)
    clock.now += 300  # the lockout ends with time
    assert table.authenticate("boris", "123490", need=Role.PIT_BOSS).name == "boris"


def test_a_login_row_written_between_guesses_does_not_dodge_the_lockout(database, tmp_path):
    clock = Clock()
    staffed(database, tmp_path, clock)
    table_url = as_role(database, "rptable_table")
    table = FloorUserStore(table_url, tmp_path / "t1.db", table_id="T1", clock=clock)
    for guess in ("000001", "000002", "000003"):
        with pytest.raises(AuthError, match="wrong"):
            table.authenticate("boris", guess, need=Role.PIT_BOSS)
        clock.now += 1
        with psycopg.connect(table_url) as db:  # the guesser's "that one was right" between guesses
            db.execute("INSERT INTO floor_staff_attempts (at, name, outcome, table_id) VALUES (%s, 'boris', 'login', "
                       "'T1')", (clock.now,))
        clock.now += 1
    with pytest.raises(AuthError, match="locked"):
        table.authenticate("boris", "123490", need=Role.PIT_BOSS)
    clock.now += 301  # a wrong PIN counts for five minutes, then not
    assert table.authenticate("boris", "123490", need=Role.PIT_BOSS).name == "boris"


def test_failed_rows_written_with_a_tables_url_do_not_lock_the_admin_out_of_the_unlock(database, tmp_path):
    clock = Clock()
    office, _root = staffed(database, tmp_path, clock)
    table_url = as_role(database, "rptable_table")
    with psycopg.connect(table_url) as db:
        for _ in range(5):
            db.execute("INSERT INTO floor_staff_attempts (at, name, outcome, table_id) VALUES (%s, 'root', 'failed', "
                       "'T1')", (clock.now,))
    clock.now += 1
    table = FloorUserStore(table_url, tmp_path / "t1.db", table_id="T1", clock=clock)
    with pytest.raises(AuthError, match="locked"):  # at the tables, the rows count
        table.authenticate("root", "991357", need=Role.ADMIN)
    root = office.authenticate("root", "991357", need=Role.ADMIN)  # on the admin's own connection, they do not
    office.unlock("root", by=root)
    clock.now += 1
    assert table.authenticate("root", "991357", need=Role.ADMIN).name == "root"


def test_an_admins_signed_unlock_lifts_a_lockout(database, tmp_path):
    clock = Clock()
    office, root = staffed(database, tmp_path, clock)
    table = FloorUserStore(as_role(database, "rptable_table"), tmp_path / "t1.db", table_id="T1", clock=clock)
    for guess in ("000001", "000002", "000003"):
        with pytest.raises(AuthError):
            table.authenticate("boris", guess, need=Role.PIT_BOSS)
    clock.now += 1
    office.unlock("boris", by=root)
    clock.now += 1
    assert table.authenticate("boris", "123490", need=Role.PIT_BOSS).name == "boris"
    assert [e[2] for e in office.log() if e[3] == "boris"][-2:] == ["login_attempt", "login"]


def test_a_table_links_to_the_jackpot_with_its_own_role(database, tmp_path):
    initialised(database)
    meter = JackpotMeter(as_role(database, "rptable_table"))
    meter.link("T1", 1_000)
    assert meter.status()["meter"] == 1_000


@pytest.mark.slow  # a table, the pit and the admins, each with its role's login: about 20 s
def test_each_program_works_with_the_role_floor_init_gave_it(database, tmp_path):
    from jackpot_kit import RULES_FILE

    env = {**ENV, "RPTABLE_MANIFEST": os.environ["RPTABLE_MANIFEST"], "RPTABLE_DATA_DIR": str(tmp_path / "data")}

    def succeeded(*args, stdin=""):
        done = rptable(*args, stdin=stdin, env=env)
        assert done.returncode == 0, f"rptable {' '.join(args)}: {done.stderr}"
        return done.stdout

    urls = json.loads(succeeded("floor", "init", "--db", database, "--json"))["roles"]
    table, pit, admin = (as_role(database, urls[kind]["role"]) for kind in ("table", "pit", "admin"))
    succeeded("users", "--db", admin, "bootstrap", "root", stdin="991357\n991357\n")
    succeeded("users", "--db", admin, "add", "ivan", "--role", "pit_boss", "--admin", "root",
              stdin="991357\n246819\n246819\n")
    succeeded("floor", "register-key", "--table", "K1", "--db", table)  # a floor set up by init takes nothing from a
    succeeded("floor", "approve-key", "K1", "--admin", "root", "--db", admin, stdin="991357\n")  # table without it
    journal = str(tmp_path / "K1.journal")
    played = rptable("simulate", "--rules", str(RULES_FILE), "--rounds", "6", "--seed", "1", "--table", "K1",
                     "--journal", journal, "--jackpot", table, "--replica", table, "--royal-at", "5", env=env)
    assert played.returncode == 0 and "event(s) in the database" in played.stderr, played.stderr
    assert "paid" in succeeded("jackpot", "confirm", "--db", table, "--table", "K1", "--round", "K1-000005", "--box",
                               "1", "--pit-boss", "ivan", "--journal", journal, stdin="246819\n")
    assert "the replica holds events 1-" in succeeded("replicate", "--journal", journal, "--table", "K1",
                                                      "--to", table)
    assert succeeded("audit", "--db", pit, "--table", "K1", "verify").startswith("OK:")
    assert ": OK" in succeeded("jackpot", "audit", "--db", pit)
