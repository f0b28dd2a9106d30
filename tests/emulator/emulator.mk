# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# ath5k-emu, the emulated Atheros card served to QEMU over vfio-user, and
# its unit tests.  Every tests/emulator/*.c except main.c,
# eeprom_gen_main.c and test_*.c goes into one library archive (so a test
# pulls in only what it uses); each test_*.c becomes a test program, built
# plain and with AddressSanitizer/UBSan.

EMU_DIR := tests/emulator
EMU_OUT := $(OUT)/emulator
EMU_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -g
EMU_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
# nettle: RC4 and AES-CCM of the card's crypto engine; zlib: CRC-32.
EMU_LDLIBS := -lm -lnettle -lz

EMU_TEST_SRCS := $(sort $(wildcard $(EMU_DIR)/test_*.c))
EMU_MAIN_SRCS := $(EMU_DIR)/main.c $(EMU_DIR)/eeprom_gen_main.c
EMU_LIB_SRCS := $(filter-out $(EMU_TEST_SRCS) $(EMU_MAIN_SRCS), \
	$(sort $(wildcard $(EMU_DIR)/*.c)))
EMU_HEADERS := $(wildcard $(EMU_DIR)/*.h)
# Tests that can also run against fakes say which real parts exist.
EMU_HAVE := $(if $(wildcard $(EMU_DIR)/card.c),-DEMU_HAVE_CARD_MODEL=1) \
	$(if $(wildcard $(EMU_DIR)/air.c),-DEMU_HAVE_AIR=1)

EMU_LIB_OBJS := $(patsubst $(EMU_DIR)/%.c,$(EMU_OUT)/obj/%.o,$(EMU_LIB_SRCS))
EMU_SAN_OBJS := $(patsubst $(EMU_DIR)/%.c,$(EMU_OUT)/asan-obj/%.o,$(EMU_LIB_SRCS))
EMU_LIB := $(EMU_OUT)/libath5kemu.a
EMU_SAN_LIB := $(EMU_OUT)/libath5kemu-asan.a
EMU_TESTS := $(patsubst $(EMU_DIR)/%.c,$(EMU_OUT)/%,$(EMU_TEST_SRCS))
EMU_SAN_TESTS := $(patsubst $(EMU_DIR)/%.c,$(EMU_OUT)/asan/%,$(EMU_TEST_SRCS))
EMU_BINS := $(OUT)/bin/ath5k-emu \
	$(if $(wildcard $(EMU_DIR)/eeprom_gen_main.c),$(OUT)/bin/ath5k-eeprom-gen)

DEPS_PACKAGES += gcc make libc6-dev nettle-dev zlib1g-dev
CHECKS += check-emulator

# Keep objects between runs (make would delete them as intermediates).
.SECONDARY: $(EMU_LIB_OBJS) $(EMU_SAN_OBJS) \
	$(patsubst $(EMU_DIR)/%.c,$(EMU_OUT)/obj/%.o,$(EMU_TEST_SRCS) $(EMU_MAIN_SRCS)) \
	$(patsubst $(EMU_DIR)/%.c,$(EMU_OUT)/asan-obj/%.o,$(EMU_TEST_SRCS))

.PHONY: emulator check-emulator
emulator: $(EMU_BINS)

$(EMU_OUT)/obj/%.o: $(EMU_DIR)/%.c $(EMU_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(EMU_CFLAGS) $(EMU_HAVE) -c -o $@ $<

$(EMU_OUT)/asan-obj/%.o: $(EMU_DIR)/%.c $(EMU_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(EMU_CFLAGS) $(EMU_SANITIZE) $(EMU_HAVE) -c -o $@ $<

$(EMU_LIB): $(EMU_LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(EMU_SAN_LIB): $(EMU_SAN_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(OUT)/bin/ath5k-emu: $(EMU_OUT)/obj/main.o $(EMU_LIB)
	@mkdir -p $(@D)
	$(CC) $(EMU_CFLAGS) -o $@ $^ $(EMU_LDLIBS)

$(OUT)/bin/ath5k-eeprom-gen: $(EMU_OUT)/obj/eeprom_gen_main.o $(EMU_LIB)
	@mkdir -p $(@D)
	$(CC) $(EMU_CFLAGS) -o $@ $^ $(EMU_LDLIBS)

$(EMU_OUT)/test_%: $(EMU_OUT)/obj/test_%.o $(EMU_LIB)
	$(CC) $(EMU_CFLAGS) -o $@ $^ $(EMU_LDLIBS)

$(EMU_OUT)/asan/test_%: $(EMU_OUT)/asan-obj/test_%.o $(EMU_SAN_LIB)
	@mkdir -p $(@D)
	$(CC) $(EMU_CFLAGS) $(EMU_SANITIZE) -o $@ $^ $(EMU_LDLIBS)

# One line per test program, then the tally; non-zero exit on a failure.
# test_cli drives the real program.
check-emulator: export ATH5K_EMU := $(OUT)/bin/ath5k-emu
check-emulator: $(EMU_TESTS) $(EMU_SAN_TESTS) $(OUT)/bin/ath5k-emu
	@passed=0; failed=0; \
	for t in $(EMU_TESTS) $(EMU_SAN_TESTS); do \
		name=$${t#$(EMU_OUT)/}; \
		if $$t > $$t.log 2>&1; then \
			passed=$$((passed + 1)); echo "PASS $$name"; \
		else \
			failed=$$((failed + 1)); echo "FAIL $$name (log: $$t.log)"; \
			tail -n 20 $$t.log | sed 's/^/    /'; \
		fi; \
	done; \
	echo "$$passed passed, $$failed failed"; \
	test $$failed -eq 0
