"""Fixtures every test module may ask for: the dealer console on a table screen (tests/console_kit.py), a data
folder of each test's own (its table keys and accounts never touch the user's, nor another test's), a table open
on a journal of the test's own (open_table), and the journal of a simulated table (simulated_journal)."""

import os
import tempfile
from pathlib import Path

# One thread each for numpy's BLAS and OpenCV, in the workers and the processes they start: the workers already
# keep every core busy, and threads of their own on top only cost the switching between them.
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENCV_FOR_THREADS_NUM"):
    os.environ.setdefault(_threads, "1")

# After the threads are set: numpy and OpenCV read them as they load.
import hwsim.schemes  # noqa: E402, F401  (the stories open the simulated shoe and camera, as the program does)
import pytest  # noqa: E402
from console_kit import make_console, no_leaks  # noqa: E402

__all__ = ["make_console", "no_leaks"]


RUN_FOLDER = tempfile.mkdtemp(prefix="rptable-tests-")


# The scrypt cost of a PIN's key in the tests' own processes: the program's (2**14, ~60 ms a check) is kept by
# every process a test starts, and by the stories that need it (marked `program_pin_cost`); in-process, as
# Django's test settings use a fast password hasher, a sign-in costs a millisecond instead. Keys made at this
# cost are for this process only: a story that hands a store it made here to a process of its own marks itself.
TEST_PIN_COST = 2**8
PROGRAM_PIN_COST: list[int] = []  # the program's own, as it ships (read before the tests' cost is set)


def pytest_configure(config):
    """A data folder for the whole run, for what module- and session-wide fixtures make (a test gets its own);
    PIN keys at the tests' cost."""
    os.environ["RPTABLE_DATA_DIR"] = RUN_FOLDER
    os.environ["RPTABLE_MANIFEST"] = os.path.join(RUN_FOLDER, "no-manifest.json")
    config.addinivalue_line("markers", "program_pin_cost: the story needs PIN keys at the program's own cost")
    from controller.table.security import users

    PROGRAM_PIN_COST.append(users.SCRYPT_N)
    pin_cost(TEST_PIN_COST)


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: a worker per core and one more. A quarter of the stories' time is spent waiting (a device's
    timeout, a database, a console's timer), which a third worker on two cores fills: 10% less wall, the same CPU."""
    return (os.cpu_count() or 1) + 1


def pin_cost(n: int) -> None:
    """Every PIN's key is derived at cost `n` from now on (the table's and the floor's accounts alike: both derive
    through controller.table.security.users._derive)."""
    from controller.table.security import users

    users.SCRYPT_N = n


@pytest.fixture(autouse=True)
def program_pin_cost(request):
    """The program's own scrypt cost for a story marked `program_pin_cost` (its stores are read by processes of
    their own, or the cost is what it tells)."""
    if request.node.get_closest_marker("program_pin_cost") is None:
        yield
        return
    pin_cost(PROGRAM_PIN_COST[0])
    try:
        yield
    finally:
        pin_cost(TEST_PIN_COST)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path_factory, monkeypatch):
    """RPTABLE_DATA_DIR in a fresh folder (unless the test's module keeps one of its own for all its tests), and
    no installed manifest unless a test writes one."""
    if os.environ.get("RPTABLE_DATA_DIR") != RUN_FOLDER:
        return Path(os.environ["RPTABLE_DATA_DIR"])
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("RPTABLE_DATA_DIR", str(folder))
    monkeypatch.setenv("RPTABLE_MANIFEST", str(folder / "no-manifest.json"))
    return folder


PIT_BOSS = ("audit-boss", "864213")


@pytest.fixture(scope="session")
def _staff_template(tmp_path_factory):
    """An accounts store with one pit boss, made once for each PIN cost a story uses and copied for each test."""
    from controller.table.security import users

    made: dict[int, Path] = {}

    def at_current_cost() -> Path:
        if users.SCRYPT_N not in made:
            folder = tmp_path_factory.mktemp("staff")
            store = users.UserStore(folder / "users.db")
            store.add(PIT_BOSS[0], users.Role.PIT_BOSS, PIT_BOSS[1], by=store.bootstrap("root", "991357"))
            store.close()
            made[users.SCRYPT_N] = folder
        return made[users.SCRYPT_N]

    return at_current_cost


@pytest.fixture
def pit_boss_login(own_data_folder, _staff_template, monkeypatch):
    """The data folder's accounts hold a pit boss, logged in for the audit's exports and reports through the
    environment (RPTABLE_LOGIN, RPTABLE_PIN), as a script would."""
    import shutil

    own_data_folder.mkdir(parents=True, exist_ok=True)
    for path in _staff_template().iterdir():
        shutil.copy2(path, own_data_folder / path.name)
    monkeypatch.setenv("RPTABLE_LOGIN", PIT_BOSS[0])
    monkeypatch.setenv("RPTABLE_PIN", PIT_BOSS[1])
    return PIT_BOSS


@pytest.fixture(autouse=True)
def umask_kept():
    """`rptable` run in-process closes the umask (077) for the files it makes; the next test, and the throwaway
    PostgreSQL it starts under another user, get back the umask the run began with."""
    before = os.umask(0o022)
    os.umask(before)
    yield
    os.umask(before)


@pytest.fixture
def open_table(tmp_path):
    """Opens tables for one test, each on a journal of its own in the test's folder, and closes the journals after
    it: `open_table(rules="classic", table_id="T1", **options)` (a preset's name or house rules; the options go to
    TableController: clock, key, accounts...) returns the table, its rules' edge acknowledged as a casino would."""
    from tables import acknowledged

    from controller.table.controller import TableController
    from controller.table.journal import Journal
    from controller.table.rule_files import load_preset

    journals = []

    def open_one(rules="classic", table_id="T1", **options):
        journal = Journal(tmp_path / f"{table_id}.journal", table_id)
        journals.append(journal)
        return acknowledged(TableController(journal, load_preset(rules) if isinstance(rules, str) else rules,
                                            **options))

    yield open_one
    for journal in journals:
        journal.close()


@pytest.fixture(scope="session")
def simulated_journal(tmp_path_factory):
    """Plays a simulated table into a journal in a folder of its own: `simulated_journal(rounds, seed,
    rules="classic", **options)` (simulate's options: faults, key...) returns the journal's path, closed. Session
    wide, so that a module's fixture may make the journal its stories share."""
    from controller.opening.simulate import simulate
    from controller.table.rule_files import load_preset

    def play(rounds, seed, rules="classic", **options):
        path = tmp_path_factory.mktemp("simulated") / "T1.journal"
        simulate(load_preset(rules), rounds, seed, journal_path=path, **options)
        return path

    return play
