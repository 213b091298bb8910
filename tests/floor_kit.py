"""Test helper for the floor: a throwaway PostgreSQL cluster, one per pytest worker (`cluster`; `outage` for a
story that stops and starts it), and a fresh database per test (`database`), fixtures a module takes with
`pytest_plugins = ["floor_kit"]`; a way to wait for something the database must come to hold, and the rows a table's
journal and the database hold of it.

PYTEST_DONT_REWRITE: the modules that take its fixtures import its helpers too."""

import os
import time
import uuid
from pathlib import Path

import pytest
from pg_cluster import Cluster

psycopg = pytest.importorskip("psycopg")
needs_postgres = pytest.mark.skipif(not Cluster.available(), reason="PostgreSQL server programs are not installed")

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'hardware-sim'}"}


@pytest.fixture(scope="session")
def _worker_cluster():
    """One cluster for all the modules a worker runs: each test takes a fresh database of it (`database`)."""
    server = Cluster().create().start()
    yield server
    server.destroy()


@pytest.fixture(scope="module")
def cluster(_worker_cluster):
    """The worker's cluster, running: a test may stop and start it (the database going away and coming back),
    and one that failed in between left it stopped."""
    if not _worker_cluster.running():
        _worker_cluster.start()
    return _worker_cluster


@pytest.fixture
def database(cluster):
    return fresh_database(cluster)


@pytest.fixture
def outage(cluster):
    """The worker's cluster for a story that stops and starts it (the database going away and coming back), running
    again after the story whatever became of it: the module's other stories use it too."""
    yield cluster
    if not cluster.running():
        cluster.start()


def fresh_database(cluster):
    """A fresh database of the cluster, as a URL."""
    name = f"floor_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(cluster.url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    return cluster.url.replace("/postgres?", f"/{name}?")


def query(url, sql, *params):
    with psycopg.connect(url) as db:
        return db.execute(sql, params).fetchall()


def wait_for(condition, timeout=20.0, step=0.05):
    """Poll `condition()` until it is true; the time it took (fails the test after `timeout`)."""
    start = time.monotonic()
    while True:
        try:
            if condition():
                return time.monotonic() - start
        except psycopg.Error:
            pass  # the database is (re)starting, or its tables are not made yet
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not reached in {timeout} s")
        time.sleep(step)


def journal_rows(path, table_id):
    """The journal's rows as the chain knows them (what the floor copies)."""
    from controller.table.journal import Journal

    with Journal(path, table_id, readonly=True) as journal:
        return [tuple(r) for r in journal.raw_rows(1, 2 ** 62)]


def database_rows(url, table_id):
    """The floor's copy of a table's events, as the chain knows them."""
    from controller.floor.audit_source import floor_table

    with floor_table(url, table_id) as table:
        return list(table.rows())


def floor_staff(url, *people):
    """The floor's staff accounts in its database: a first admin, then each (name, role, PIN) given."""
    from controller.floor.staff import open_accounts
    from controller.table.security.users import Role, User

    store = open_accounts(url)
    try:
        admin = store.add("floor-root", Role.ADMIN, "991357", by=None)
        for name, role, pin in people:
            store.add(name, role, pin, by=User(admin.name, Role.ADMIN))
    finally:
        store.close()
