# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# The kernel module: `make module [KDIR=...]` builds ath5k.ko; `make
# check-module` proves it builds warning-free (W=1) against the host's
# Debian 12 headers and the toolbox's newest headers, sparse-clean (C=1)
# against Debian 12's (Debian's sparse 0.6.4 cannot parse 7.x headers:
# the kernel itself switches it off there), and that src/ and compat/ pass
# checkpatch --strict and the kernel's coccinelle scripts.  Builds run in a copy of the
# sources under out/ so the tree stays clean and kernels do not mix.

DEPS_PACKAGES += linux-headers-amd64 linux-source-6.1 sparse perl xz-utils \
	coccinelle ocaml-nox
CHECKS += check-module

MODULE_SOURCES := $(TOP)/src $(TOP)/compat $(TOP)/VERSION
TOOLBOX := $(TOP)/tests/lab/toolbox.sh

# Newest kernel build tree installed here (the running kernel may have none).
newest_kdir = $(shell for d in $(1); do [ -d "$$d/" ] && echo "$$d"; done | \
	sort -V | tail -n1)
KDIR ?= $(call newest_kdir,/lib/modules/*/build)

# module_build <out dir> <kernel dir> <make flags> [runner]: copy the
# sources to <out dir> and build there; output also goes to <out dir>.log.
# It expands to one shell command so it can follow shell variables.
module_build = rm -rf $(1) && mkdir -p $(1) && \
	cp -a $(MODULE_SOURCES) $(1)/ && \
	{ $(4) $(MAKE) -C $(2) M=$(1)/src $(3) modules 2>&1 | tee $(1).log; \
	  exit $${PIPESTATUS[0]}; }

.PHONY: module check-module check-module-host check-module-newest \
	check-module-style check-module-cocci

module: SHELL := /bin/bash
module:
	@[ -n "$(KDIR)" ] && [ -d "$(KDIR)" ] || \
		{ echo "module: no kernel build tree; install headers or pass KDIR=" >&2; exit 1; }
	@echo "module: building ath5k.ko against $(KDIR)"
	$(call module_build,$(OUT)/module,$(KDIR),)
	@echo "module: $(OUT)/module/src/ath5k.ko"

# The checks' builds use every CPU: a build without -j leaves one idle.
CHECK_MODULE_JOBS ?= $(shell nproc)

# Fails on any compiler, sparse or modpost diagnostic in the log.
module_log_clean = ! grep -E 'warning:|error:|WARNING:|ERROR:' $(1).log

check-module-host: SHELL := /bin/bash
check-module-host:
	@[ -n "$(KDIR)" ] || { echo "check-module: no Debian 12 kernel headers installed" >&2; exit 1; }
	@echo "check-module: W=1 C=1 build against $(KDIR)"
	$(call module_build,$(OUT)/check-module/host,$(KDIR),-j$(CHECK_MODULE_JOBS) W=1 C=1)
	@$(call module_log_clean,$(OUT)/check-module/host)

check-module-newest: SHELL := /bin/bash
check-module-newest:
	@$(TOOLBOX) build
	@root=$$($(TOOLBOX) path); \
	kdir=$$(for d in $$root/usr/src/linux-headers-*-amd64; do \
		[ -d "$$d" ] && echo "$${d#$$root}"; done | sort -V | tail -n1); \
	[ -n "$$kdir" ] || { echo "check-module: no headers in the toolbox" >&2; exit 1; }; \
	echo "check-module: W=1 build against $$kdir (toolbox)"; \
	$(call module_build,$(OUT)/check-module/newest,$$kdir,-j$(CHECK_MODULE_JOBS) W=1,$(TOOLBOX) run)
	@$(call module_log_clean,$(OUT)/check-module/newest)

# checkpatch.pl and its data files come from Debian's linux-source-6.1.
CHECKPATCH_DIR := $(ATH5K_CACHE)/checkpatch-6.1
CHECKPATCH_FILES := checkpatch.pl spelling.txt const_structs.checkpatch

$(CHECKPATCH_DIR)/checkpatch.pl:
	@tarball=$$(ls /usr/src/linux-source-6.1.tar.xz 2>/dev/null) || \
		{ echo "check-module: install linux-source-6.1 (make deps)" >&2; exit 1; }; \
	echo "check-module: extracting checkpatch.pl from $$tarball"; \
	rm -rf $(CHECKPATCH_DIR).tmp && mkdir -p $(CHECKPATCH_DIR).tmp && \
	tar -xJf $$tarball -C $(CHECKPATCH_DIR).tmp --strip-components=2 \
		$(addprefix linux-source-6.1/scripts/,$(CHECKPATCH_FILES)) && \
	rm -rf $(CHECKPATCH_DIR) && mv $(CHECKPATCH_DIR).tmp $(CHECKPATCH_DIR)

# compat/ is the one place kernel versions are compared, by design.  It
# runs from the cache: inside a git tree checkpatch leaves a cache file.
CHECKPATCH := cd $(CHECKPATCH_DIR) && perl ./checkpatch.pl --strict \
	--no-tree --quiet --show-types -f

check-module-style: $(CHECKPATCH_DIR)/checkpatch.pl
	@echo "check-module: checkpatch --strict over src/ and compat/"
	@($(CHECKPATCH) $$(find $(TOP)/src -name '*.[ch]' | sort)) && \
	($(CHECKPATCH) --ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON \
		$$(find $(TOP)/compat -name '*.[ch]' | sort))

# The kernel's own coccinelle scripts (Debian's linux-source-6.1) that
# maintainers run with `make coccicheck`: api, free, null, locks, iterators
# and misc, in report mode over src/ and compat/; any report fails.  Some
# scripts embed OCaml, hence ocaml-nox.
COCCI_DIR := $(ATH5K_CACHE)/coccinelle-6.1
COCCI_GROUPS := api free null locks iterators misc

$(COCCI_DIR)/misc:
	@tarball=$$(ls /usr/src/linux-source-6.1.tar.xz 2>/dev/null) || \
		{ echo "check-module: install linux-source-6.1 (make deps)" >&2; exit 1; }; \
	echo "check-module: extracting the coccinelle scripts from $$tarball"; \
	rm -rf $(COCCI_DIR).tmp && mkdir -p $(COCCI_DIR).tmp && \
	tar -xJf $$tarball -C $(COCCI_DIR).tmp --strip-components=3 \
		$(addprefix linux-source-6.1/scripts/coccinelle/,$(COCCI_GROUPS)) && \
	rm -rf $(COCCI_DIR) && mv $(COCCI_DIR).tmp $(COCCI_DIR)

check-module-cocci: SHELL := /bin/bash
check-module-cocci: $(COCCI_DIR)/misc
	@scripts=$$(ls $(addprefix $(COCCI_DIR)/,$(addsuffix /*.cocci,$(COCCI_GROUPS)))); \
	echo "check-module: coccinelle, $$(echo "$$scripts" | wc -l) kernel scripts over src/ and compat/, $(CHECK_MODULE_JOBS) at a time"; \
	mkdir -p $(OUT); \
	cocci_one() { \
		local out rc; \
		out=$$(spatch -D report --very-quiet --no-show-diff --no-includes \
			--include-headers --cocci-file "$$1" --dir "$$2" < /dev/null 2>&1); \
		rc=$$?; \
		out=$$(printf '%s\n' "$$out" | grep -v 'should .* be a metavariable' | grep .); \
		if [ $$rc -ne 0 ] || [ -n "$$out" ]; then \
			printf '%s (%s, exit %d):\n%s\n' "$${1#$(COCCI_DIR)/}" "$${2#$(TOP)/}" $$rc "$$out"; \
		fi; \
	}; \
	export -f cocci_one; \
	for f in $$scripts; do printf '%s\0%s\0' "$$f" $(TOP)/src "$$f" $(TOP)/compat; done | \
		xargs -0 -n 2 -P $(CHECK_MODULE_JOBS) bash -c 'cocci_one "$$@"' _ > $(OUT)/cocci.log || \
		{ echo "check-module: the coccinelle runs did not all complete" >&2; exit 1; }; \
	[ ! -s $(OUT)/cocci.log ] || { cat $(OUT)/cocci.log; \
		echo "check-module: coccinelle reports above (also $(OUT)/cocci.log)" >&2; exit 1; }

check-module: check-module-style check-module-cocci check-module-host check-module-newest
	@echo "check-module: clean against every kernel, checkpatch and coccinelle"
