# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# A coverage-guided fuzz target of our own: the hardware layer on the
# emulated card with libFuzzer, ASan and UBSan
# (tests/unit/hwemu/fuzz_hw_layer.c).  Needs hwemu.mk's and emulator.mk's
# source lists, so include this after both:
#   include $(wildcard tests/unit/hwemu/fuzz.mk)
# Targets:
#   check-fuzz   a short deterministic run (-seed=1, a fixed number of
#                inputs) from the generated seeds; part of make check
#   fuzz         a long one, FUZZ_SECONDS (600) on FUZZ_JOBS processes,
#                keeping its corpus in out/fuzz/corpus; part of make faults
# libFuzzer, ASan and UBSan need clang's runtimes, which do not mix with
# gcc's: every object of the target is built here with clang.

DEPS_PACKAGES += clang libclang-rt-14-dev
CHECKS += check-fuzz

FUZZ_CC ?= clang
FUZZ_OUT := $(OUT)/fuzz
FUZZ_BIN := $(FUZZ_OUT)/fuzz_hw_layer
# Inputs of check-fuzz: about 30-45 s on one core of a 2-core machine.
FUZZ_RUNS ?= 12000
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n > 1 ? n - 1 : 1 )))
# Frames up to 2400 bytes ride in an input, with the steps around them.
FUZZ_FLAGS := -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	-print_final_stats=1 -artifact_prefix=$(FUZZ_OUT)/artifacts/

# Determinism of check-fuzz: libFuzzer's comparison tracing feeds the
# values the driver compares, pointers among them, back into its
# mutations, so the same -seed gives the same inputs only at the same
# addresses: the run goes without address-space randomisation when the
# machine allows it (setarch -R), and never rereads its corpus directory.
FUZZ_NOASLR = $(shell setarch $$(uname -m) -R true 2>/dev/null && \
	echo setarch $$(uname -m) -R)

FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O1 -g \
	-MMD -MP $(FUZZ_SAN)
# Coverage guides by the driver's code only: the card model's own
# branches (its timers run at every delay) would cost most of the time
# and reward inputs for what the model, not the driver, does.  The model
# keeps ASan and UBSan.
FUZZ_DRV_CFLAGS := $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link \
	-DKBUILD_MODNAME=\"ath5k\" -DATH5K_SHIM_QUIET_MSGS \
	-I$(HWEMU_DIR)/shim -I$(TOP)/tests/unit/shim -I$(HWEMU_DIR) \
	-I$(TOP)/tests/unit -I$(TOP)/src -I$(TOP)/tests/emulator
FUZZ_EMU_CFLAGS := $(FUZZ_CFLAGS) -O2 $(EMU_HAVE) -I$(TOP)/tests/emulator

# The hardware layer alone: main.c and its stand-ins are not fuzzed here.
FUZZ_DRV_SRCS := $(filter-out %/main.c %/main_env.c,$(HWEMU_SRCS))
FUZZ_DRV_OBJS := $(patsubst $(TOP)/src/%.c,$(FUZZ_OUT)/drv/%.o,$(FUZZ_DRV_SRCS))
FUZZ_EMU_OBJS := $(patsubst $(EMU_DIR)/%.c,$(FUZZ_OUT)/emu/%.o,$(EMU_LIB_SRCS))
FUZZ_OBJS := $(FUZZ_DRV_OBJS) $(FUZZ_EMU_OBJS) \
	$(FUZZ_OUT)/fuzz_hw_layer.o $(FUZZ_OUT)/fuzz_card.o

-include $(FUZZ_OBJS:.o=.d)

$(FUZZ_OUT)/drv/%.o: $(TOP)/src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_DRV_CFLAGS) -c -o $@ $<

$(FUZZ_OUT)/emu/%.o: $(EMU_DIR)/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_EMU_CFLAGS) -c -o $@ $<

$(FUZZ_OUT)/fuzz_hw_layer.o: $(HWEMU_DIR)/fuzz_hw_layer.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_DRV_CFLAGS) -c -o $@ $<

$(FUZZ_OUT)/fuzz_card.o: $(HWEMU_DIR)/fuzz_card.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_EMU_CFLAGS) -c -o $@ $<

$(FUZZ_BIN): $(FUZZ_OBJS)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(EMU_LDLIBS)

# Seeds: every model, its EEPROM variants and the common steps, written
# by a script so the repository keeps no binary corpus.
$(FUZZ_OUT)/seeds/.done: $(HWEMU_DIR)/fuzz_seeds.py
	@rm -rf $(@D)
	@mkdir -p $(@D)
	@python3 $(HWEMU_DIR)/fuzz_seeds.py $(@D)
	@touch $@

.PHONY: check-fuzz fuzz fuzz-build
fuzz-build: $(FUZZ_BIN) $(FUZZ_OUT)/seeds/.done

# A fresh corpus each time: the same seeds, the same -seed, the same runs.
check-fuzz: fuzz-build
	@rm -rf $(FUZZ_OUT)/check-corpus
	@mkdir -p $(FUZZ_OUT)/check-corpus $(FUZZ_OUT)/artifacts
	@start=$$(date +%s); \
	if $(FUZZ_NOASLR) $(FUZZ_BIN) $(FUZZ_FLAGS) -seed=1 -reload=0 \
		-runs=$(FUZZ_RUNS) \
		$(FUZZ_OUT)/check-corpus $(FUZZ_OUT)/seeds \
		> $(FUZZ_OUT)/check-fuzz.log 2>&1; then \
		end=$$(date +%s); \
		$(HWEMU_DIR)/fuzz_report.sh ok check-fuzz \
			$(FUZZ_OUT)/check-fuzz.log $$((end - start)); \
	else \
		$(HWEMU_DIR)/fuzz_report.sh failed check-fuzz \
			$(FUZZ_OUT)/check-fuzz.log $(FUZZ_BIN); \
	fi

fuzz: fuzz-build
	@mkdir -p $(FUZZ_OUT)/corpus $(FUZZ_OUT)/artifacts
	@start=$$(date +%s); \
	if $(FUZZ_BIN) $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) \
		$(if $(filter-out 1,$(FUZZ_JOBS)),-fork=$(FUZZ_JOBS)) \
		$(FUZZ_OUT)/corpus $(FUZZ_OUT)/seeds \
		> $(FUZZ_OUT)/fuzz.log 2>&1; then \
		end=$$(date +%s); \
		$(HWEMU_DIR)/fuzz_report.sh ok fuzz $(FUZZ_OUT)/fuzz.log \
			$$((end - start)); \
	else \
		$(HWEMU_DIR)/fuzz_report.sh failed fuzz $(FUZZ_OUT)/fuzz.log \
			$(FUZZ_BIN); \
	fi
