"""The scripts that derive the product's tables and figures (benchmarks/derive_basic.py, house_edges.py),
run as the manual shows them, write beside the benchmarks, out of git; they replace the product's files only when
`--out` names them."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from floor_kit import needs_postgres

ROOT = Path(__file__).resolve().parents[1]
pytest_plugins = ["floor_kit"]  # the fixture `database`


def script(name):
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("name", "shipped"), [("derive_basic", "controller/players/basic_tables"),
                                               ("house_edges", "controller/measured/house_edges.toml")])
def test_a_derivation_script_without_out_writes_out_of_git_and_replaces_the_products_file_only_when_told(
        name, shipped):
    parser = script(name).build_parser()
    out = parser.parse_args([]).out
    assert out.is_relative_to(ROOT / "benchmarks" / "results") and not out.is_relative_to(ROOT / shipped)
    in_git = subprocess.run(["git", "rev-parse", "--is-inside-work-tree"], cwd=ROOT, capture_output=True)
    if in_git.returncode == 0:
        assert subprocess.run(["git", "check-ignore", "-q", str(out)], cwd=ROOT).returncode == 0
    assert parser.parse_args(["--out", shipped]).out == Path(shipped)


@needs_postgres
def test_the_floor_benchmark_fails_loudly_when_its_tables_fail(database) -> None:
    """A benchmark whose tables did not play measures nothing: it says which stopped and why, and exits 1. It
    used to send every table's refusal to /dev/null and print 0.9 events/s with exit 0. (On a database of the
    worker's cluster: a throwaway cluster of its own would be an initdb, seconds of CPU, for tables that never
    reach it.)"""
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_floor.py"), "--tables", "2", "--pace",
                           "-1", "--seconds", "4", "--db", database], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "2 of 2 tables stopped" in done.stderr and "--pace" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
