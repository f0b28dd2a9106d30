# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Which QEMU to run, with which accelerator, and the command line of a lab
guest: direct kernel boot of a cell image through a throwaway overlay, a
NoCloud seed, a payload disk, a results disk, and vfio-user cards."""

import json
import os
import re
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLBOX = os.path.join(HERE, "toolbox.sh")
# vfio-user-pci arrived in QEMU 10.1.
MIN_QEMU = (10, 1)


def qemu_version(prefix):
    try:
        out = subprocess.run(prefix + ["qemu-system-x86_64", "--version"],
                             capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r"version (\d+)\.(\d+)", out)
    return (int(m.group(1)), int(m.group(2))) if m else None


def qemu_prefix():
    """The argv prefix that runs QEMU: the host's when new enough, else the
    toolbox (which must already be built)."""
    host = qemu_version([])
    if host and host >= MIN_QEMU:
        return [], "host QEMU %d.%d" % host
    tool = qemu_version([TOOLBOX, "run"])
    if not tool or tool < MIN_QEMU:
        raise RuntimeError("no QEMU >= %d.%d: host has %s, toolbox has %s"
                           % (MIN_QEMU + (host, tool)))
    return [TOOLBOX, "run"], "toolbox QEMU %d.%d" % tool


def boot_sector_probe(prefix, accel, path):
    """Seconds QEMU takes to boot a one-sector guest that writes to the
    isa-debug-exit port, or None when it does not get there."""
    t0 = time.monotonic()
    try:
        rc = subprocess.run(
            ["timeout", "20"] + prefix + [
                "qemu-system-x86_64", "-accel", accel, "-machine", "pc",
                "-nodefaults", "-display", "none", "-m", "16",
                "-device", "isa-debug-exit,iobase=0xf4,iosize=4",
                "-drive", "file=%s,format=raw,if=ide" % path],
            capture_output=True, timeout=30).returncode
    except subprocess.TimeoutExpired:
        return None
    return time.monotonic() - t0 if rc == (42 << 1 | 1) else None


def kvm_works(prefix, scratch):
    """True when KVM really runs guests here.  /dev/kvm can open and even
    run firmware while each exit is so slow (nested, emulated) that a
    kernel never boots: KVM counts only when the probe is not much slower
    than the same probe under TCG."""
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return False
    sector = bytes([0xB0, 0x2A, 0xE6, 0xF4, 0xF4, 0xEB, 0xFD])  # out 0xf4, 42
    sector += bytes(510 - len(sector)) + b"\x55\xaa"
    path = os.path.join(scratch, "kvm-probe.img")
    with open(path, "wb") as f:
        f.write(sector)
    kvm = boot_sector_probe(prefix, "kvm", path)
    tcg = boot_sector_probe(prefix, "tcg", path)
    return kvm is not None and tcg is not None and kvm < 2 * tcg + 0.2


def choose_accel(prefix, scratch):
    """ATH5K_LAB_ACCEL=kvm|tcg, else what the probe finds; the answer is
    kept for the rest of this host boot (the probe costs seconds)."""
    forced = os.environ.get("ATH5K_LAB_ACCEL", "auto")
    if forced in ("kvm", "tcg"):
        return forced
    try:
        with open("/proc/sys/kernel/random/boot_id") as f:
            boot_id = f.read().strip()
    except OSError:
        boot_id = "unknown"
    memo = "/tmp/ath5k-lab-accel-%s-%s" % (boot_id, "toolbox" if prefix else "host")
    try:
        with open(memo) as f:
            accel = f.read().strip()
        if accel in ("kvm", "tcg"):
            return accel
    except OSError:
        pass
    accel = "kvm" if kvm_works(prefix, scratch) else "tcg"
    with open(memo, "w") as f:
        f.write(accel + "\n")
    return accel


def make_seed(path, user_data, instance_id):
    """A NoCloud seed disk (label cidata) made by cloud-localds."""
    with tempfile.TemporaryDirectory() as tmp:
        ud = os.path.join(tmp, "user-data")
        md = os.path.join(tmp, "meta-data")
        with open(ud, "w") as f:
            f.write(user_data)
        with open(md, "w") as f:
            # dsmode local: everything happens in cloud-init's first stage.
            f.write("instance-id: %s\nlocal-hostname: ath5k-lab\ndsmode: local\n"
                    % instance_id)
        subprocess.run(["cloud-localds", path, ud, md], check=True)


def make_overlay(path, base):
    subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-F", "qcow2",
                    "-b", base, path], check=True)


def vfio_user_card(socket_path):
    return json.dumps({"driver": "vfio-user-pci",
                       "socket": {"path": socket_path, "type": "unix"}})


def guest_command(prefix, accel, image_dir, run, cards, cpus, mem_mib,
                  cmdline_extra, boot=None, control=None):
    """argv of one guest.  run: dict of paths (overlay, seed, payload,
    results, console, report); boot: (vmlinuz, initrd) to boot instead of
    the image's own kernel; control: the emulator's control socket, which
    the guest reaches as /dev/virtio-ports/ath5k.control."""
    vmlinuz, initrd = boot or (os.path.join(image_dir, "vmlinuz"),
                               os.path.join(image_dir, "initrd.img"))
    def disk(name, path, fmt, serial=None, readonly=False):
        drive = "if=none,id=%s,file=%s,format=%s%s" % (
            name, path, fmt, ",readonly=on" if readonly else "")
        dev = "virtio-blk-pci,drive=%s%s" % (
            name, ",serial=" + serial if serial else "")
        return ["-drive", drive, "-device", dev]

    append = " ".join(["root=LABEL=ath5kroot", "rw", "console=ttyS0,115200",
                       "panic=1"] + cmdline_extra)
    argv = prefix + [
        "qemu-system-x86_64", "-accel", accel,
        # Guest RAM in a shared memfd: the emulator DMAs into it directly.
        "-object", "memory-backend-memfd,id=mem,size=%dM,share=on" % mem_mib,
        "-machine", "q35,memory-backend=mem", "-m", "%dM" % mem_mib,
        "-smp", str(cpus), "-nodefaults", "-display", "none", "-no-reboot",
        "-kernel", vmlinuz,
        "-initrd", initrd,
        "-append", append,
        "-serial", "file:" + run["console"],
        "-serial", "file:" + run["report"],
        "-device", "virtio-rng-pci",
    ]
    argv += disk("root", run["overlay"], "qcow2")
    argv += disk("seed", run["seed"], "raw", readonly=True)
    argv += disk("payload", run["payload"], "raw", serial="ath5k-payload",
                 readonly=True)
    argv += disk("results", run["results"], "raw", serial="ath5k-results")
    for sock in cards:
        argv += ["-device", vfio_user_card(sock)]
    if control:
        # A virtio port: ISA serial ports past ttyS1 would share an
        # interrupt with the console.
        argv += ["-chardev", "socket,id=emuctl,path=%s" % control,
                 "-device", "virtio-serial-pci",
                 "-device", "virtserialport,chardev=emuctl,name=ath5k.control"]
    return argv
