"""Test helper: the environment for a child `rptable`, with this test's own data folder and logins (the
RPTABLE_* variables conftest sets per test) over a module's fixed environment."""

import os


def with_test_env(env: dict[str, str]) -> dict[str, str]:
    return {**env, **{key: value for key, value in os.environ.items() if key.startswith("RPTABLE_")}}
