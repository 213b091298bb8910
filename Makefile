# The two commands of the README: `make run` (the product) and `make test` (every check CI runs); `make docs`
# builds the manual.
# Each sets up what it needs on a fresh machine: Debian packages, then a local virtual environment.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# Debian packages the product and its tests use: Qt's runtime libraries and fonts (the console, offscreen
# or on Xvfb), Xvfb itself, libusb (the USB shoe), and card art with an SVG renderer (the camera tests).
DEB_PACKAGES := libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0 \
	libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0 libxcb-xinerama0 libxcb-randr0 \
	libxcb-render-util0 libxcb-image0 fonts-dejavu-core xvfb xauth libusb-1.0-0 \
	gnome-cards-data librsvg2-bin postgresql

.PHONY: run test test-slow static-checks test-bytecode docs setup bytecode system-packages bench clean

run: setup
	$(BIN)/rptable console

test: setup bytecode
	@$(MAKE) --no-print-directory -j2 --output-sync=target static-checks test-bytecode
	QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

# The checks that read the code without running it; `make test` runs them beside test-bytecode (mypy keeps one
# core busy for a quarter of a minute, the other is free).
static-checks: setup
	$(BIN)/ruff check controller drivers ui hardware-sim tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/mkdocs build --strict --quiet   # the manual: a broken link or anchor fails

# pytest rewrites the asserts of every test module as it imports it (about 10 s of CPU for all of them) and keeps
# the result in __pycache__ unless PYTHONDONTWRITEBYTECODE is set. Collected once here and kept, so each pytest
# worker reads the rewritten modules instead of rewriting them all again.
test-bytecode: setup
	QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --collect-only -n 0 > /dev/null

# The long soaks `make test` leaves out (marked `slow`: repetitions of what a faster test covers), a worker per
# core; tens of minutes.
test-slow: setup bytecode test-bytecode
	QT_QPA_PLATFORM=offscreen PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -m slow

# The manual (docs/, mkdocs.yml) as a site in site/; a warning (a broken link or anchor) is an error.
docs: setup
	$(BIN)/mkdocs build --strict

bench: setup
	$(BIN)/pip install -q -e '.[test,bench]'
	$(BIN)/python benchmarks/run_all.py

setup: system-packages $(STAMP)

# The program compiled once: the hundreds of rptable processes the tests start then read its bytecode instead of
# each compiling it again (none is written where PYTHONDONTWRITEBYTECODE is set, as on some CI runners).
bytecode: setup
	$(BIN)/python -m compileall -q -j 0 controller drivers ui hardware-sim > /dev/null

system-packages:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages: $$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	$(BIN)/rptable verify-install --write   # the manifest a table checks its program against at every start
	touch $(STAMP)

clean:
	rm -rf $(VENV) build site *.egg-info .pytest_cache .mypy_cache .ruff_cache
