"""rptable's rules engine, table and floor. `__version__` is the program's version, the one place it is written:
the package's metadata reads it from here (pyproject.toml), and a table records it when it opens."""

__version__ = "0.1.0"
