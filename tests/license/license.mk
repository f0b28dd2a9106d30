# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# Licence checks: REUSE compliance of the tree, the header form of every
# file, one licence story across module, debian/copyright and the RPM
# spec, and the notice guard (its own tests, then the project's whole
# history).

LICENSE_DIR := tests/license

DEPS_PACKAGES += reuse python3 git
CHECKS += check-license

.PHONY: check-license check-license-reuse check-license-headers \
	check-license-tests check-license-consistency check-license-history

check-license: check-license-reuse check-license-headers check-license-tests \
	check-license-consistency check-license-history
	@echo "check-license: passed"

check-license-reuse:
	@echo "check-license: reuse lint"
	@reuse --root $(TOP) lint --quiet || { reuse --root $(TOP) lint; exit 1; }

# The team's header form (tag then copyright line; the kernel's comment
# style for C), which reuse lint does not check.
check-license-headers:
	@echo "check-license: file headers"
	@$(LICENSE_DIR)/check-headers $(TOP)

# Fixture tests of check-consistency and notice-guard.
check-license-tests:
	@echo "check-license: fixture tests"
	@python3 $(LICENSE_DIR)/run-tests

check-license-consistency:
	@echo "check-license: module licence consistency"
	@$(LICENSE_DIR)/check-consistency $(TOP)

check-license-history:
	@echo "check-license: notice guard over the project's history"
	@$(LICENSE_DIR)/notice-guard --brief --repo $(TOP) --git HEAD
