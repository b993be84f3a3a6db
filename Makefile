# Two commands for a new user: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo serve test test-source test-compiled compiled lint typecheck bench bench-agents bench-web soak clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml examples/sub_hunt/pyproject.toml
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/python -m pip install --quiet -e examples/sub_hunt  # the example third-party game
	touch $@

demo: $(VENV)/.installed
	$(BIN)/navalwar run tokyo_express basic --seed 7

# The web client and the JSON protocol for front ends (docs/protocol.md): open the address
# it prints in a browser.
serve: $(VENV)/.installed
	$(BIN)/navalwar serve

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests benchmarks examples scripts hatch_build.py
	$(BIN)/ruff format --check src tests benchmarks examples scripts hatch_build.py

typecheck: $(VENV)/.installed
	$(BIN)/mypy --strict src/navalwar
	$(BIN)/mypy --strict examples/sub_hunt/src/navalwar_subhunt examples/sub_hunt/tests

test: lint typecheck test-source test-compiled

test-source: $(VENV)/.installed
	$(BIN)/python -m pytest

# The mypyc-compiled build (hatch_build.py): a wheel built with NAVALWAR_COMPILE=1 and
# unpacked into build/compiled/site, apart from the editable sources; PYTHONPATH puts
# it first. It must play exactly the games the sources play, and pass their tests (the
# core's, Tokyo Express's, and the odds', whose enumerating dice subclass the compiled Dice).
COMPILED := build/compiled
RUN_COMPILED := NAVALWAR_EXPECT_COMPILED=1 PYTHONPATH=$(COMPILED)/site $(BIN)/python

compiled: $(VENV)/.installed
	rm -rf $(COMPILED)
	NAVALWAR_COMPILE=1 $(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation \
		-w $(COMPILED)/wheel .
	$(BIN)/python -m pip install --quiet --no-deps --target $(COMPILED)/site \
		$(COMPILED)/wheel/navalwar-*.whl

test-compiled: compiled
	$(BIN)/python scripts/fingerprint.py record tokyo_express --seeds 40 --file $(COMPILED)/te.json
	$(RUN_COMPILED) scripts/fingerprint.py check tokyo_express --seeds 40 --file $(COMPILED)/te.json
	$(BIN)/python scripts/fingerprint.py record gwas_1904 --seeds 3 --file $(COMPILED)/gwas.json
	$(RUN_COMPILED) scripts/fingerprint.py check gwas_1904 --seeds 3 --file $(COMPILED)/gwas.json
	$(BIN)/python scripts/fingerprint.py record coral_sea --seeds 3 --file $(COMPILED)/cs.json
	$(RUN_COMPILED) scripts/fingerprint.py check coral_sea --seeds 3 --file $(COMPILED)/cs.json
	$(RUN_COMPILED) -m pytest -p no:cacheprovider tests/core tests/games/tokyo_express \
		tests/test_odds.py tests/games/coral_sea/test_combat_odds.py

# Speed: clone, apply, games per second (the sources, then the compiled build's games),
# then the 2-worker speed-up on 2,000 battles.
bench: compiled
	$(BIN)/python benchmarks/run.py
	$(RUN_COMPILED) benchmarks/run.py --games
	$(BIN)/python benchmarks/scaling.py
	$(BIN)/python benchmarks/coral_sea.py --games 3
	$(RUN_COMPILED) benchmarks/coral_sea.py --games 3

# The web server under load: 50 concurrent matches (TE basic and GWaS battles) driven over
# their seats' WebSockets for 60 s; latency per action; appends to benchmarks/results/web_load.jsonl.
bench-web: $(VENV)/.installed
	$(BIN)/python benchmarks/web_load.py --seconds 60 --matches 50

# Strength: win rates over 200 seeded games per pairing (hours on 2 cores; see README).
bench-agents: $(VENV)/.installed
	$(BIN)/python benchmarks/agents.py --jobs 2

# Random play of every GWaS battle scenario over 300 seeds with the invariant checks
# (CI runs fewer seeds per scenario; this is the full run, about half an hour); then every
# Coral Sea scenario and the campaign over 300 seeds, shared among random, heuristic and
# mixed agents, with the invariants, saves, replays and leak checks sampled (see
# tests/games/coral_sea/test_conformance.py; under 45 minutes on one core); then the
# Coral Sea heuristic's hidden-facts check over 160 decisions (CI plays 70).
soak: $(VENV)/.installed
	NAVALWAR_GWAS_SEEDS=300 $(BIN)/python -m pytest -q tests/games/gwas_1904/test_random_play.py
	NAVALWAR_CORAL_SEA_SEEDS=300 $(BIN)/python -m pytest -q tests/games/coral_sea/test_conformance.py
	NAVALWAR_SOAK=1 $(BIN)/python -m pytest -q tests/games/coral_sea/test_agents.py -k hidden_facts

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
