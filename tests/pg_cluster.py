"""Test helper: a throwaway PostgreSQL cluster in a temporary folder, on a unix socket only (initdb, pg_ctl).

As root the cluster runs as the `postgres` user (PostgreSQL refuses to run as root). Tests that need it skip
when the server programs are not installed (Debian: `postgresql`, in the Makefile's DEB_PACKAGES)."""

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path


def server_program(name):
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return candidates[-1] if candidates else None


class Cluster:
    def __init__(self):
        self.initdb, self.pg_ctl = server_program("initdb"), server_program("pg_ctl")
        self.folder = Path(tempfile.mkdtemp(prefix="rptable-pg-"))
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
        self._run(self.initdb, "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync")
        return self

    def start(self):
        options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c max_connections=20"
        self._run(self.pg_ctl, "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")
        return self

    def stop(self):
        self._run(self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop")

    def destroy(self):
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
