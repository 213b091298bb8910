"""Test helper: a throwaway PostgreSQL cluster in a temporary folder, on a unix socket only (initdb, pg_ctl).

As root the cluster runs as the `postgres` user (PostgreSQL refuses to run as root). Tests that need it skip
when the server programs are not installed (Debian: `postgresql`, in the Makefile's DEB_PACKAGES)."""

import atexit
import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

_TEMPLATE: Path | None = None  # an initdb'd data folder of this process, copied for each cluster (initdb is slow)


def scratch_folder(prefix):
    """A new folder for a cluster: in memory (/dev/shm) where there is one, as the clusters run with fsync off
    and keep nothing; on a busy disk initdb and a cluster's start wait seconds on writes no test reads back."""
    memory = Path("/dev/shm")
    where = str(memory) if memory.is_dir() and os.access(memory, os.W_OK | os.X_OK) else None
    return Path(tempfile.mkdtemp(prefix=prefix, dir=where))


def server_program(name):
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


class Cluster:
    def __init__(self):
        self.initdb, self.pg_ctl = server_program("initdb"), server_program("pg_ctl")
        self.folder = scratch_folder("rptable-pg-")
        self.data = self.folder / "data"
        self.as_user = []
        if os.geteuid() == 0:
            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.url = f"postgresql://postgres@/postgres?host={self.folder}"

    @classmethod
    def available(cls):
        return server_program("initdb") is not None and server_program("pg_ctl") is not None

    def _run(self, *args):
        subprocess.run([*self.as_user, *args], check=True, capture_output=True, timeout=120)

    def create(self):
        """A fresh cluster: a copy of the process's template, which initdb makes the first time (initdb takes
        seconds; a copy, a tenth of one)."""
        global _TEMPLATE
        if _TEMPLATE is None or not _TEMPLATE.exists():
            holder = scratch_folder("rptable-pg-template-")
            if self.as_user:
                account = pwd.getpwnam("postgres")
                os.chown(holder, account.pw_uid, account.pw_gid)
            self._run(self.initdb, "-D", str(holder / "data"), "-U", "postgres", "-A", "trust", "--no-sync")
            atexit.register(shutil.rmtree, holder, ignore_errors=True)
            _TEMPLATE = holder / "data"
        self._run("cp", "-a", str(_TEMPLATE), str(self.data))
        return self

    def start(self):
        options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c max_connections=40"
        self._run(self.pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
        return self

    def running(self):
        done = subprocess.run([*self.as_user, self.pg_ctl, "-D", str(self.data), "status"], capture_output=True,
                              timeout=30)
        return done.returncode == 0

    def stop(self):
        self._run(self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop")

    def destroy(self):
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
