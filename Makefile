# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Developer interface of ath5k-dkms.  Each area keeps its own rules in a
# fragment (*.mk) next to its sources; this file only ties them together.
# Fragments add host packages to DEPS_PACKAGES and their test targets to
# CHECKS, in the order `make check` should run them (cheap first, VMs last).

VERSION := $(shell cat $(CURDIR)/VERSION)
TOP := $(CURDIR)
OUT := $(TOP)/out
# Kernel trees, images and toolboxes live outside the repository.
ATH5K_CACHE ?= $(HOME)/.cache/ath5k-dkms
export ATH5K_CACHE

DEPS_PACKAGES := build-essential make gcc python3 git
CHECKS :=
# Targets that fill the cache the later stages of make check need (mostly
# downloads and unpacking); make check runs them in the background from
# its start, two at a time, and a stage that gets there first waits on
# the same lock, so nothing is built twice.
WARM_CACHES :=

.PHONY: all help deps check
all: help

help:
	@echo "ath5k-dkms $(VERSION)"
	@echo "  make deps     install every build and test dependency (Debian packages)"
	@echo "  make check    every test CI runs: $(CHECKS)"
	@echo "  make module KDIR=<kernel build dir>   build ath5k.ko"
	@echo "  make deb | rpm    packages into out/"
	@echo "  make lab CELL=debian-12 DRIVER=in-tree|in-tree-patched|dkms|prebuilt|deb|rpm"
	@echo "  make matrix [CELLS=...] [JOBS=n]"
	@echo "  make bench [CELL=debian-12] [BENCH_RUNS=5]"
	@echo "  make faults CELL=debian-12 [DRIVERS=\"in-tree in-tree-patched dkms prebuilt\"] [SEED=n]"
	@echo "  make upstream-check   the kernel patch series of upstream/ against linux-source"

# Order matters: it is the order of CHECKS.
include $(wildcard tests/license/license.mk)
include $(wildcard tests/emulator/emulator.mk)
include $(wildcard tests/unit/unit.mk)
include $(wildcard tests/unit/hwemu/hwemu.mk)
include $(wildcard tests/unit/hwemu/fuzz.mk)
include $(wildcard src/module.mk)
include $(wildcard debian/packages.mk)
include $(wildcard tests/lab/matrix.mk)
include $(wildcard tests/lab/lab.mk)
include $(wildcard tests/lab/faults.mk)
include $(wildcard tests/upstream/upstream.mk)

# A machine may carry Node.js from outside Debian, whose package conflicts
# with Debian's npm: ask apt for nodejs/npm only when they are missing.
HAVE_NODE := $(shell command -v node >/dev/null && command -v npm >/dev/null && echo yes)
DEPS_APT = $(sort $(if $(HAVE_NODE),$(filter-out nodejs npm,$(DEPS_PACKAGES)),$(DEPS_PACKAGES)))

deps:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		$(DEPS_APT)

# Each stage in turn, on past a failure, with a table of results and times;
# the caches warmed in the background meanwhile (warm-caches).
check:
	@mkdir -p $(OUT)
	@MAKE="$(MAKE)" WARM_TARGET=warm-caches WARM_LOG=$(OUT)/warm-caches.log \
		$(TOP)/tests/run-stages.sh $(CHECKS)

.PHONY: warm-caches
warm-caches: $(WARM_CACHES)
