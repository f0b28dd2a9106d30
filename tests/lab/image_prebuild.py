# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Our driver built on the host in the cell image's own root tree, under
chroot: the guest's compiler against the guest's kernel headers, at the
host's speed instead of minutes under TCG.  Two modules:
- ath5k_swcrypto.ko, the interop checks' software-crypto copy
  (guest/swcrypto.kbuild); the guest uses it only when the tree it would
  build from (ours, or the package's under /usr/src) matches the sources
  manifest, and builds it itself otherwise (guest/interop-checks.sh,
  check_interop_build);
- ath5k.ko for DRIVER=prebuilt (guest/drivers/prebuilt.sh), which `make
  faults-quick` runs: the faults judge recovery, not the build, which the
  lab's dkms and package runs prove in the guest.
Each goes into the payload as prebuilt/<module>/<kernel release>/ with
the module, its build log and a sha256sum manifest of the sources.
Cached by the hash of the sources, the module, the image and the
release."""

import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
SWCRYPTO = "ath5k_swcrypto"
KBUILD = os.path.join(HERE, "guest", "swcrypto.kbuild")
SOURCES = ["VERSION", "src", "compat"]


def source_files(top=TOP):
    """Every file the copy is built from, relative to top, sorted."""
    files = []
    for entry in SOURCES:
        path = os.path.join(top, entry)
        if os.path.isfile(path):
            files.append(entry)
            continue
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames.sort()
            for name in filenames:
                if name.endswith(".mk"):
                    continue  # make fragments: kbuild reads none, packages ship none
                files.append(os.path.relpath(os.path.join(dirpath, name), top))
    return sorted(files)


def manifest(top=TOP):
    """sha256sum lines of the sources, as the guest checks them."""
    lines = []
    for f in source_files(top):
        with open(os.path.join(top, f), "rb") as fh:
            lines.append("%s  %s\n" % (hashlib.sha256(fh.read()).hexdigest(), f))
    return "".join(lines)


def image_release(image_dir):
    """The kernel release the image boots (image.env), or None."""
    try:
        with open(os.path.join(image_dir, "image.env")) as f:
            for line in f:
                if line.startswith("kernel_release="):
                    return line.split("=", 1)[1].strip().strip('"') or None
    except OSError:
        pass
    return None


def prebuild(image_dir, cache, log, module=SWCRYPTO):
    """(module, release, directory holding MODULE.ko, build.log and
    sources.sha256), or None when the image has no root tree with that
    release's headers or the build failed (the caller says what then)."""
    release = image_release(image_dir)
    root = os.path.join(image_dir, "root")
    kdir = "/usr/src/linux-headers-%s" % release if release else None
    if not kdir or not os.path.isdir(root + kdir) or not os.access(
            os.path.join(root, "usr/bin/make"), os.X_OK):
        log("prebuild: no %s headers in the image's root for %s.ko"
            % (release or "kernel", module))
        return None
    sums = manifest()
    with open(KBUILD, "rb") as f:
        kbuild = f.read() if module == SWCRYPTO else b""
    key = hashlib.sha256(sums.encode() + kbuild + module.encode() + release.encode() +
                         os.path.basename(image_dir).encode()).hexdigest()[:16]
    out = os.path.join(cache, "prebuilt", "%s-%s-%s" % (module, release, key))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    # Two runs of one cell (make matrix) build it once.
    with open(out + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.isfile(os.path.join(out, module + ".ko")):
            log("prebuild: %s.ko for %s up to date at %s" % (module, release, out))
            return module, release, out
        return build(root, kdir, module, release, sums, out, log)


def publish(out, files, texts):
    """Makes the cache entry OUT hold FILES (copied) and TEXTS (name:
    content) at once: a run stopped halfway leaves no entry."""
    stage = out + ".tmp"
    shutil.rmtree(stage, ignore_errors=True)
    os.makedirs(stage)
    for path in files:
        shutil.copy2(path, stage)
    for name, text in texts.items():
        with open(os.path.join(stage, name), "w") as f:
            f.write(text)
    shutil.rmtree(out, ignore_errors=True)
    os.rename(stage, out)


def build(root, kdir, module, release, sums, out, log):
    work = tempfile.mkdtemp(prefix="build-", dir=os.path.dirname(out))
    try:
        for entry in SOURCES:
            src = os.path.join(TOP, entry)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(work, entry), symlinks=True)
            else:
                shutil.copy2(src, os.path.join(work, entry))
        if module == SWCRYPTO:
            os.rename(os.path.join(work, "src", "Kbuild"),
                      os.path.join(work, "src", "ath5k.kbuild"))
            shutil.copy2(KBUILD, os.path.join(work, "src", "Kbuild"))
        build_log = os.path.join(work, "build.log")
        log("prebuild: building %s.ko for %s in the image's root" % (module, release))
        with open(build_log, "w") as f:
            r = subprocess.run([os.path.join(HERE, "chroot-run.sh"), root, "make",
                                "-C", kdir, "M=%s/src" % work,
                                "-j%d" % (os.cpu_count() or 1), "modules"],
                               stdout=f, stderr=subprocess.STDOUT)
        ko = os.path.join(work, "src", module + ".ko")
        if r.returncode != 0 or not os.path.isfile(ko):
            with open(build_log, errors="replace") as f:
                tail = "".join(f.readlines()[-5:])
            log("prebuild: the host build of %s.ko failed (exit %d):\n%s"
                % (module, r.returncode, tail))
            return None
        publish(out, [ko, build_log], {"sources.sha256": sums})
        log("prebuild: %s.ko for %s at %s" % (module, release, out))
        return module, release, out
    finally:
        shutil.rmtree(work, ignore_errors=True)
