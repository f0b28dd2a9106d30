#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""modsig.py strip IN OUT

A kernel module with its appended signature taken off.  sign-file leaves
the module as: the ELF file, the signer's name and key id (both empty for
PKCS#7), the signature, a 12-byte trailer (algorithm, hash, id type, the
two lengths before, 3 pad bytes, then the signature's length as a
big-endian 32-bit number) and the marker "~Module signature appended~\\n".
Writes the ELF file alone to OUT and prints how many bytes went; exits 1
when IN carries no well-formed signature."""

import struct
import sys

MARKER = b"~Module signature appended~\n"
# algo, hash, id_type, signer_len, key_id_len, 3 pad bytes, sig_len
TRAILER = struct.Struct(">BBBBB3xI")
ELF_MAGIC = b"\x7fELF"


def split_signature(data):
    """(module, signature block) of a signed module's bytes; ValueError
    when the bytes do not end in a well-formed signature."""
    if not data.endswith(MARKER):
        raise ValueError("no '%s' marker at the end" % MARKER.decode().strip())
    end = len(data) - len(MARKER)
    if end < TRAILER.size:
        raise ValueError("too short for a signature trailer")
    _, _, _, signer_len, key_id_len, sig_len = TRAILER.unpack_from(data, end - TRAILER.size)
    start = end - TRAILER.size - sig_len - signer_len - key_id_len
    if sig_len == 0 or start < len(ELF_MAGIC):
        raise ValueError("signature length %d does not fit in %d bytes" % (sig_len, len(data)))
    module = data[:start]
    if not module.startswith(ELF_MAGIC):
        raise ValueError("what is left without the signature is not an ELF file")
    return module, data[start:]


def main(argv):
    if len(argv) != 4 or argv[1] != "strip":
        sys.stderr.write("usage: modsig.py strip IN OUT\n")
        return 2
    with open(argv[2], "rb") as f:
        data = f.read()
    try:
        module, signature = split_signature(data)
    except ValueError as e:
        sys.stderr.write("modsig: %s: %s\n" % (argv[2], e))
        return 1
    with open(argv[3], "wb") as f:
        f.write(module)
    print("%d bytes of signature removed, %d bytes of module left"
          % (len(signature), len(module)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
