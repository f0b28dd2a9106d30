# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
#
# The packages: `make deb` writes out/ath5k-dkms_<ver>-<rev>_all.deb and
# `make rpm` out/ath5k-dkms-<ver>-<rel>.noarch.rpm, each built in a scratch
# copy under out/ from the working tree as it is (whatever src/ holds now).
# `make check-packages` builds both, lints them (lintian, rpmlint), checks
# that every file repeating VERSION agrees with it, tests the maintainer
# scripts' helper against a stand-in uname, checks that the kernel's own
# ath5k keeps the chips ours does not drive (test-kernel-ath5k.sh: the
# PCI IDs, and the loader against stand-ins), and runs the host's dkms
# on the shipped dkms.conf in a private tree to check which kernels it
# accepts.  Nothing is installed on the host.
#
# `make check-package-releases` builds the source package with
# dpkg-buildpackage in a clean root of each of PACKAGE_RELEASES, runs
# Debian's autopkgtest-pkg-dkms test (dkms-autopkgtest) on the result in a
# second clean root with that release's dkms and kernel headers, runs
# PACKAGE_LINT_RELEASE's lintian, and runs the .rpm's scriptlets (install,
# reinstall, upgrade, erase) with the first release's dkms and rpm.  Roots
# are made with mmdebstrap from the host's apt configuration and cached
# under $(ATH5K_CACHE)/roots (about 4 minutes each the first time, 2-3 GB
# in all); with them cached, a release takes about 1 minute and the .rpm
# check about 4.  No module is loaded: the roots cannot.

DEPS_PACKAGES += debhelper dh-dkms dkms dpkg-dev fakeroot lintian rpm rpm2cpio rpmlint \
	cpio xz-utils mmdebstrap util-linux
CHECKS += check-packages check-package-releases

# Debian 12, the newest stable release and testing; lintian is that of
# the newest stable release (testing's moves under our feet).
PACKAGE_RELEASES ?= bookworm trixie forky
PACKAGE_LINT_RELEASE ?= trixie

PACKAGING_TOOLS := $(TOP)/debian/tools
# `make deb rpm PKG_VERSION=0.1.1` builds test packages of another version
# from the same tree, e.g. the "N+1" of the lab's upgrade check.
PKG_VERSION ?= $(VERSION)

.PHONY: deb rpm check-packages check-package-versions check-package-releases \
	warm-release-roots

check-package-versions:
	@$(PACKAGING_TOOLS)/check-versions.sh $(TOP)

deb: check-package-versions
	@$(PACKAGING_TOOLS)/build-deb.sh $(TOP) $(OUT) $(PKG_VERSION)

rpm: check-package-versions
	@$(TOP)/rpm/build-rpm.sh $(TOP) $(OUT) $(PKG_VERSION)

check-packages: deb rpm
	@$(PACKAGING_TOOLS)/test-dkms-helper.sh $(TOP) $(OUT)/dkms-helper-test
	@$(PACKAGING_TOOLS)/test-kernel-ath5k.sh $(TOP) $(OUT)/kernel-ath5k-test
	@$(PACKAGING_TOOLS)/lint-packages.sh $(TOP) $(OUT)
	@$(PACKAGING_TOOLS)/check-dkms-rules.sh \
		$(OUT)/deb-build/ath5k-dkms-$(VERSION) $(OUT)/dkms-rules
	@echo "check-packages: passed"

# The roots check-package-releases uses, in its order, for make check's
# background warm-up (WARM_CACHES in the top Makefile).
WARM_CACHES += warm-release-roots
warm-release-roots:
	@for release in $(PACKAGE_RELEASES); do \
		for kind in build test; do \
			$(PACKAGING_TOOLS)/release-root.sh $$release $$kind > /dev/null || exit 1; \
		done; \
	done
	@$(PACKAGING_TOOLS)/release-root.sh $(PACKAGE_LINT_RELEASE) lint > /dev/null
	@$(PACKAGING_TOOLS)/release-root.sh $(firstword $(PACKAGE_RELEASES)) rpm > /dev/null

check-package-releases: deb rpm
	@for release in $(PACKAGE_RELEASES); do \
		$(PACKAGING_TOOLS)/release-check.sh $(TOP) $(OUT) $$release \
			$$([ $$release = $(PACKAGE_LINT_RELEASE) ] && echo lint) || exit 1; \
	done
	@$(TOP)/rpm/check-scriptlets.sh $(TOP) $(OUT) $(firstword $(PACKAGE_RELEASES))
	@echo "check-package-releases: $(PACKAGE_RELEASES) passed"
