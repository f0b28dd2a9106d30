# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Which QEMU to run, with which accelerator, and the command line of a lab
guest: direct kernel boot of a cell image through a throwaway overlay, a
NoCloud seed, a payload disk, a results disk, and vfio-user cards.  A
Secure Boot cell boots through firmware instead: OVMF, then shim, GRUB and
the image's signed kernel from a small ESP disk made for the run."""

import base64
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


def kernel_append(cmdline_extra):
    """The guest kernel's command line."""
    return " ".join(["root=LABEL=ath5kroot", "rw", "console=ttyS0,115200",
                     "panic=1"] + cmdline_extra)


# Debian's ovmf package: the Secure Boot build (needs SMM) and a variable
# store with Microsoft's keys enrolled and Secure Boot on.
OVMF_CODE = "/usr/share/OVMF/OVMF_CODE_4M.secboot.fd"
OVMF_VARS = "/usr/share/OVMF/OVMF_VARS_4M.ms.fd"
# The owner GUID of the MOK list entry the lab adds (any GUID will do;
# this is shim's own, which mokutil --import uses too).
SHIM_LOCK_GUID = "605dab50-e046-4300-abb6-3dd810dd8b23"
# Where the cell's image root keeps what the run's ESP and MOK list take.
IMAGE_SHIM = "root/usr/lib/shim/shimx64.efi.signed"
IMAGE_GRUB = "root/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed"
IMAGE_MOK = "root/var/lib/dkms/mok.pub"


def grub_config(kver, cmdline_extra):
    """GRUB's configuration on the run's ESP: the image's kernel KVER (in
    its /boot, verified through shim by GRUB) with the lab's command line."""
    return "\n".join([
        "set timeout=0",
        "search --no-floppy --label --set=root ath5kroot",
        "linux /boot/vmlinuz-%s %s" % (kver, kernel_append(cmdline_extra)),
        "initrd /boot/initrd.img-%s" % kver,
        "boot", ""])


def der_to_pem(der):
    """A DER certificate in PEM armour."""
    text = base64.b64encode(der).decode()
    lines = [text[i:i + 64] for i in range(0, len(text), 64)]
    return "\n".join(["-----BEGIN CERTIFICATE-----"] + lines
                     + ["-----END CERTIFICATE-----", ""])


def secure_boot_files(prefix, image_dir, run_dir, kver, cmdline_extra):
    """The firmware of one Secure Boot guest, made in RUN_DIR with the
    tools where QEMU runs (PREFIX): a copy of OVMF's variable store with the
    image's dkms certificate added to shim's MOK list (what mokutil
    --import and MokManager do on a real machine), and a FAT ESP disk with
    the image's signed shim (as the removable-media boot path) and GRUB.
    Returns {"code", "vars", "esp"}."""
    files = {k: os.path.join(image_dir, v) for k, v in
             (("shim", IMAGE_SHIM), ("grub", IMAGE_GRUB), ("mok", IMAGE_MOK))}
    missing = [p for p in files.values() if not os.path.isfile(p)]
    if missing:
        raise RuntimeError("the Secure Boot image lacks %s (shim-signed, "
                           "grub-efi-amd64-signed, a dkms key)" % ", ".join(missing))
    out = {"code": OVMF_CODE, "vars": os.path.join(run_dir, "ovmf-vars.fd"),
           "esp": os.path.join(run_dir, "esp.img")}
    cfg = os.path.join(run_dir, "grub.cfg")
    with open(cfg, "w") as f:
        f.write(grub_config(kver, cmdline_extra))
    # dkms keeps its certificate in DER; virt-fw-vars reads PEM.
    pem = os.path.join(run_dir, "mok.pem")
    with open(files["mok"], "rb") as f, open(pem, "w") as out_pem:
        out_pem.write(der_to_pem(f.read()))
    esp = out["esp"]
    steps = [
        ["virt-fw-vars", "--input", OVMF_VARS, "--output", out["vars"],
         "--add-mok", SHIM_LOCK_GUID, pem],
        ["mkfs.vfat", "-C", "-n", "LABESP", esp, "16384"],
        ["mmd", "-i", esp, "::/EFI", "::/EFI/BOOT", "::/EFI/debian"],
        ["mcopy", "-i", esp, files["shim"], "::/EFI/BOOT/BOOTX64.EFI"],
        ["mcopy", "-i", esp, files["grub"], "::/EFI/BOOT/grubx64.efi"],
        # GRUB's built-in prefix is /EFI/debian; the removable path's
        # directory is where a copy without one looks.
        ["mcopy", "-i", esp, cfg, "::/EFI/debian/grub.cfg"],
        ["mcopy", "-i", esp, cfg, "::/EFI/BOOT/grub.cfg"],
    ]
    if os.path.exists(esp):
        os.remove(esp)
    for argv in steps:
        r = subprocess.run(prefix + argv, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("%s failed (exit %d): %s" % (
                " ".join(argv[:3]), r.returncode, (r.stderr or r.stdout).strip()[-300:]))
    return out


def console_serial(path, on_terminal=False):
    """QEMU's options for the guest's console (ttyS0): into the file PATH,
    or (make shell) on QEMU's own stdin and stdout and still logged into
    PATH.  On the terminal the console is multiplexed, so Ctrl-A X quits
    QEMU, and Ctrl-C goes to the guest instead of stopping QEMU."""
    if not on_terminal:
        return ["-serial", "file:" + path]
    return ["-chardev", "stdio,id=console,mux=on,signal=off,logfile=" + path,
            "-serial", "chardev:console"]


def guest_command(prefix, accel, image_dir, run, cards, cpus, mem_mib,
                  cmdline_extra, boot=None, control=None, firmware=None,
                  console_on_terminal=False):
    """argv of one guest.  run: dict of paths (overlay, seed, payload,
    results, console, report); boot: (vmlinuz, initrd) to boot instead of
    the image's own kernel; control: the emulator's control socket, which
    the guest reaches as /dev/virtio-ports/ath5k.control; firmware: what
    secure_boot_files made, to boot through OVMF, shim and GRUB instead of
    loading the kernel directly; console_on_terminal: the console on
    QEMU's stdin and stdout (console_serial)."""
    vmlinuz, initrd = boot or (os.path.join(image_dir, "vmlinuz"),
                               os.path.join(image_dir, "initrd.img"))
    def disk(name, path, fmt, serial=None, readonly=False, bootindex=None):
        drive = "if=none,id=%s,file=%s,format=%s%s" % (
            name, path, fmt, ",readonly=on" if readonly else "")
        dev = "virtio-blk-pci,drive=%s%s%s" % (
            name, ",serial=" + serial if serial else "",
            ",bootindex=%d" % bootindex if bootindex is not None else "")
        return ["-drive", drive, "-device", dev]

    if firmware:
        # Secure Boot needs SMM, and the variable store writable only from it.
        machine = ["-machine", "q35,smm=on,memory-backend=mem",
                   "-global", "driver=cfi.pflash01,property=secure,value=on",
                   "-drive", "if=pflash,format=raw,unit=0,readonly=on,file="
                   + firmware["code"],
                   "-drive", "if=pflash,format=raw,unit=1,file=" + firmware["vars"]]
        kernel = []
    else:
        machine = ["-machine", "q35,memory-backend=mem"]
        kernel = ["-kernel", vmlinuz, "-initrd", initrd,
                  "-append", kernel_append(cmdline_extra)]
    argv = prefix + [
        "qemu-system-x86_64", "-accel", accel,
        # Guest RAM in a shared memfd: the emulator DMAs into it directly.
        "-object", "memory-backend-memfd,id=mem,size=%dM,share=on" % mem_mib,
    ] + machine + [
        "-m", "%dM" % mem_mib,
        "-smp", str(cpus), "-nodefaults", "-display", "none", "-no-reboot",
    ] + kernel + console_serial(run["console"], console_on_terminal) + [
        "-serial", "file:" + run["report"],
        "-device", "virtio-rng-pci",
    ]
    if firmware:
        # The firmware boots the ESP.  It connects only the disks in QEMU's
        # boot order, and GRUB sees only what the firmware connected: the
        # root disk comes second (it has no loader of its own).
        argv += disk("esp", firmware["esp"], "raw", readonly=True, bootindex=0)
    argv += disk("root", run["overlay"], "qcow2",
                 bootindex=1 if firmware else None)
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
