# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""DRIVER=in-tree-patched: the cell kernel's own ath.ko and ath5k.ko,
built on the host in the cell image's root from the linux-source package
of exactly the image's kernel version with upstream/series applied, so a
lab run or a fault table shows what the series changes in the kernel's
driver (issue 29).

The sources are drivers/net/wireless/ath of /usr/src/linux-source-X.Y.tar.xz
(make deps installs linux-source-6.1 and -6.12); the package's version
must equal the image's linux-image package version, or the build is
refused with both versions named: a module from other sources would prove
nothing about the kernel the cell ships.  The modules are built against
the image's linux-headers with its compiler (chroot-run.sh), W=1.

The result goes into the payload as prebuilt/in-tree-patched/<release>/:
ath.ko, ath5k.ko, build.log and provenance (source package and version,
release, each patch with its sha256), which guest/drivers/in-tree-patched.sh
prints and checks.  Cached by the hash of the patches, the source version,
the image, the release and this file."""

import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile

from image_prebuild import image_release, publish

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
MODULE = "in-tree-patched"
ATH = "drivers/net/wireless/ath"
SERIES_DIR = os.path.join(TOP, "upstream")
# Where make deps puts Debian's linux-source tarballs.
SOURCE_DIR = os.environ.get("ATH5K_LINUX_SOURCE_DIR", "/usr/src")

# The distribution's config enables every ath driver (ath9k, ath10k, ...):
# the kernel's ath/Makefile is read for ath.o's objects, then only ath.o
# and ath5k/ are kept.  MAKEFILE_LIST's last word is this file while it
# is read, on every kbuild version.
KBUILD = """\
# Written by tests/lab/patched_prebuild.py: ath.ko and ath5k.ko alone.
include $(dir $(lastword $(MAKEFILE_LIST)))Makefile
obj-m := ath.o ath5k/
obj-y :=
"""


class PatchedBuildError(Exception):
    """Why no patched module could be built, in words for the lab log."""


def series_patches(series_dir=SERIES_DIR):
    """The patch file names of upstream/series, in order."""
    with open(os.path.join(series_dir, "series")) as f:
        names = [line.split("#", 1)[0].strip() for line in f]
    return [n for n in names if n]


def source_series(release):
    """linux-source-X.Y for kernel release X.Y.Z-ABI-FLAVOUR."""
    parts = release.split(".")
    if len(parts) < 2 or not parts[0].isdigit() or not parts[1].split("-")[0].isdigit():
        raise PatchedBuildError("cannot tell the kernel series of release %r" % release)
    return "linux-source-%s.%s" % (parts[0], parts[1].split("-")[0])


def installed_version(package, admindir=None):
    """The host's installed version of PACKAGE, or None."""
    cmd = ["dpkg-query"] + (["--admindir", admindir] if admindir else []) + \
        ["-W", "-f", "${Status} ${Version}", package]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       universal_newlines=True)
    words = r.stdout.split()
    if r.returncode != 0 or words[:3] != ["install", "ok", "installed"] or len(words) < 4:
        return None
    return words[3]


def image_kernel_version(image_dir, release):
    """The version of linux-image-RELEASE in the image's root, or None."""
    return installed_version("linux-image-" + release,
                             os.path.join(image_dir, "root", "var", "lib", "dpkg"))


def matching_source(image_dir, release):
    """(tarball, package, version) of the linux-source matching the
    image's kernel, or PatchedBuildError saying what does not match."""
    package = source_series(release)
    tarball = os.path.join(SOURCE_DIR, package + ".tar.xz")
    want = image_kernel_version(image_dir, release)
    if not want:
        raise PatchedBuildError("the image's root has no linux-image-%s package" % release)
    have = installed_version(package)
    if not os.path.isfile(tarball) or not have:
        raise PatchedBuildError("%s is not installed (%s missing); the cell's kernel is %s"
                                % (package, tarball, want))
    if have != want:
        raise PatchedBuildError("the cell's kernel is linux-image-%s %s, but the host's %s is %s:"
                                " install %s=%s" % (release, want, package, have, package, want))
    return tarball, package, have


def provenance(package, version, release, patches, series_dir=SERIES_DIR):
    """The provenance file's text: where the modules came from."""
    lines = ["source %s %s" % (package, version), "release %s" % release]
    for p in patches:
        with open(os.path.join(series_dir, p), "rb") as f:
            lines.append("patch %s %s" % (hashlib.sha256(f.read()).hexdigest(), p))
    return "\n".join(lines) + "\n"


def prebuild_patched(image_dir, cache, log):
    """(MODULE, release, directory holding ath.ko, ath5k.ko, build.log and
    provenance), or PatchedBuildError."""
    release = image_release(image_dir)
    if not release:
        raise PatchedBuildError("%s/image.env names no kernel release" % image_dir)
    root = os.path.join(image_dir, "root")
    kdir = "/usr/src/linux-headers-" + release
    if not os.path.isdir(root + kdir):
        raise PatchedBuildError("the image's root has no %s" % kdir)
    tarball, package, version = matching_source(image_dir, release)
    patches = series_patches()
    facts = provenance(package, version, release, patches)
    with open(os.path.abspath(__file__), "rb") as f:
        recipe = f.read()
    key = hashlib.sha256(facts.encode() + recipe +
                         os.path.basename(image_dir).encode()).hexdigest()[:16]
    out = os.path.join(cache, "prebuilt", "%s-%s-%s" % (MODULE, release, key))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.isfile(os.path.join(out, "ath5k.ko")):
            log("prebuild: %s ath5k.ko for %s up to date at %s" % (MODULE, release, out))
            return MODULE, release, out
        return build(root, kdir, tarball, package, release, patches, facts, out, log)


def build(root, kdir, tarball, package, release, patches, facts, out, log):
    work = tempfile.mkdtemp(prefix="build-", dir=os.path.dirname(out))
    try:
        build_log = os.path.join(work, "build.log")
        with open(build_log, "w") as f:
            log("prebuild: %s: unpacking %s of %s" % (MODULE, ATH, os.path.basename(tarball)))
            f.write("# %s\n" % facts.replace("\n", "\n# ").rstrip("# \n"))
            f.flush()
            run(["tar", "-xJf", tarball, "-C", work, "--strip-components=1",
                 "%s/%s" % (package, ATH)], f, "unpacking %s" % tarball)
            src = os.path.join(work, ATH)
            for p in patches:
                run(["git", "apply", "--verbose", os.path.join(SERIES_DIR, p)], f,
                    "upstream/%s does not apply to %s" % (p, package), cwd=work)
            with open(os.path.join(src, "Kbuild"), "w") as kbuild:
                kbuild.write(KBUILD)
            log("prebuild: %s: building ath.ko and ath5k.ko for %s in the image's root"
                % (MODULE, release))
            # Debian's kernels record no srcversion for modules without a
            # MODULE_VERSION; with it, the guest can tell these modules
            # loaded from the distribution's (module-is-patched).
            run([os.path.join(HERE, "chroot-run.sh"), root, "make", "-C", kdir,
                 "M=" + src, "W=1", "CONFIG_MODULE_SRCVERSION_ALL=y",
                 "-j%d" % (os.cpu_count() or 1), "modules"], f,
                "the build of the patched modules failed")
        publish(out, [os.path.join(src, "ath.ko"), os.path.join(src, "ath5k", "ath5k.ko"),
                      build_log], {"provenance": facts})
        log("prebuild: %s ath.ko and ath5k.ko for %s at %s" % (MODULE, release, out))
        return MODULE, release, out
    except PatchedBuildError as e:
        with open(build_log, errors="replace") as f:
            tail = "".join(f.readlines()[-8:])
        raise PatchedBuildError("%s; the log's end:\n%s" % (e, tail)) from None
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(cmd, logfile, failure, cwd=None):
    r = subprocess.run(cmd, stdout=logfile, stderr=subprocess.STDOUT, cwd=cwd)
    if r.returncode != 0:
        raise PatchedBuildError("%s (exit %d)" % (failure, r.returncode))
