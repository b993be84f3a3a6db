# Two commands for a new user: `make demo` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test lint typecheck bench bench-agents soak clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

demo: $(VENV)/.installed
	$(BIN)/navalwar run tokyo_express basic --seed 7

lint: $(VENV)/.installed
	$(BIN)/ruff check src tests benchmarks examples scripts
	$(BIN)/ruff format --check src tests benchmarks examples scripts

typecheck: $(VENV)/.installed
	$(BIN)/mypy --strict src/navalwar

test: lint typecheck
	$(BIN)/python -m pytest

# Speed: clone, apply, games per second, then the 2-worker speed-up on 2,000 battles.
bench: $(VENV)/.installed
	$(BIN)/python benchmarks/run.py
	$(BIN)/python benchmarks/scaling.py

# Strength: win rates over 200 seeded games per pairing (hours on 2 cores; see README).
bench-agents: $(VENV)/.installed
	$(BIN)/python benchmarks/agents.py --jobs 2

# Random play of every GWaS battle scenario over 300 seeds with the invariant checks
# (CI runs fewer seeds per scenario; this is the full run, about half an hour).
soak: $(VENV)/.installed
	NAVALWAR_GWAS_SEEDS=300 $(BIN)/python -m pytest -q tests/games/gwas_1904/test_random_play.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
