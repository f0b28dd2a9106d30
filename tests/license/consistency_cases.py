# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Fixture cases of check-consistency: the good tree under
fixtures/consistency/good, one edit, and what the check must say."""

import os
import re
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.realpath(__file__))
GOOD_TREE = os.path.join(HERE, "fixtures", "consistency", "good")
# Split so that REUSE tools do not read these sources as licence tags.
TAG = "SPDX-" "License-Identifier"


def edit(relative, old, new):
    def apply(tree):
        path = os.path.join(tree, relative)
        with open(path) as handle:
            text = handle.read()
        if old not in text:
            raise AssertionError(f"fixture {relative} lacks {old!r}")
        with open(path, "w") as handle:
            handle.write(text.replace(old, new))
    return apply


def retag(relative, expression):
    def apply(tree):
        path = os.path.join(tree, relative)
        with open(path) as handle:
            text = handle.read()
        text, count = re.subn(re.escape(TAG) + r": ISC", f"{TAG}: {expression}", text, count=1)
        if count != 1:
            raise AssertionError(f"fixture {relative} has no ISC tag")
        with open(path, "w") as handle:
            handle.write(text)
    return apply


def remove(relative):
    return lambda tree: os.remove(os.path.join(tree, relative))


def several(*steps):
    def apply(tree):
        for step in steps:
            step(tree)
    return apply


@dataclass
class Case:
    name: str
    mutate: object
    exit: int
    text: list = field(default_factory=list)


CASES = [
    Case("all-isc-agrees", lambda tree: None, 0,
         ["6 files compiled into ath5k.ko: ISC", "\"Dual BSD/GPL\"", "agree"]),
    Case("module-license-changed-to-gpl",
         edit("src/main.c", 'MODULE_LICENSE("Dual BSD/GPL")', 'MODULE_LICENSE("GPL")'), 1,
         ["src/main.c:7", "expected MODULE_LICENSE(\"Dual BSD/GPL\")"]),
    Case("debian-copyright-src-stanza-gpl",
         edit("debian/copyright", "Files: src/* compat/*\nCopyright: 2026 The ath5k-dkms authors\n"
              "License: ISC", "Files: src/* compat/*\nCopyright: 2026 The ath5k-dkms authors\n"
              "License: GPL-2"), 1,
         ["debian/copyright:8", "has License: GPL-2", "expected License: ISC"]),
    Case("debian-copyright-catch-all-gpl",
         several(edit("debian/copyright", "Files: *\nCopyright: 2026 The ath5k-dkms authors\n"
                      "License: ISC", "Files: *\nCopyright: 2026 The ath5k-dkms authors\n"
                      "License: GPL-2+"),
                 edit("debian/copyright", "Files: src/* compat/*\n", "Files: src/*\n")), 1,
         ["debian/copyright:4: Files: * has License: GPL-2+", "compat/include/compat.h",
          "expected License: ISC"]),
    Case("debian-copyright-catch-all-gpl-covering-no-module-file",
         edit("debian/copyright", "Files: *\nCopyright: 2026 The ath5k-dkms authors\n"
              "License: ISC", "Files: *\nCopyright: 2026 The ath5k-dkms authors\n"
              "License: GPL-2+"), 1,
         ["debian/copyright:4: Files: * has License: GPL-2+, a licence no compiled file uses; "
          "expected License: ISC"]),
    Case("spec-license-gpl", edit("rpm/ath5k-dkms.spec", "License:        ISC",
                                  "License:        GPL-2.0-only"), 1,
         ["rpm/ath5k-dkms.spec: License: GPL-2.0-only", "expected License: ISC"]),
    Case("included-compat-header-gpl-only", retag("compat/include/linux/jiffies.h", "GPL-2.0-only"), 1,
         ["GPL-2.0-only: compat/include/linux/jiffies.h", "expected MODULE_LICENSE(\"GPL\")",
          "covers compat/include/linux/jiffies.h; expected License: GPL-2\n"]),
    Case("unincluded-header-does-not-count", retag("src/unused.h", "GPL-2.0-only"), 0, ["agree"]),
    Case("gpl-module-consistent-everywhere",
         several(retag("src/radio.h", "GPL-2.0-only"),
                 edit("src/main.c", 'MODULE_LICENSE("Dual BSD/GPL")', 'MODULE_LICENSE("GPL v2")'),
                 edit("rpm/ath5k-dkms.spec", "License:        ISC",
                      "License:        ISC AND GPL-2.0-only"),
                 edit("debian/copyright", "Files: debian/*", "Files: src/radio.h\n"
                      "Copyright: 2026 The ath5k-dkms authors\nLicense: GPL-2\n\nFiles: debian/*")), 0,
         ["GPL-2.0-only: src/radio.h", "\"GPL\"", "agree"]),
    Case("dual-licensed-file-keeps-dual-bsd-gpl",
         several(retag("src/radio.c", "BSD-3-Clause OR GPL-2.0-only"),
                 edit("debian/copyright", "Files: debian/*", "Files: src/radio.c\n"
                      "Copyright: 2026 The ath5k-dkms authors\nLicense: BSD-3-clause or GPL-2\n\n"
                      "Files: debian/*"),
                 edit("rpm/ath5k-dkms.spec", "License:        ISC",
                      "License:        ISC AND (BSD-3-Clause OR GPL-2.0-only)")), 0,
         ["\"Dual BSD/GPL\"", "agree"]),
    Case("incorporated-notice-kept-everywhere-agrees", lambda tree: None, 0,
         ["agree"]),
    Case("incorporated-notice-dropped-from-file",
         edit("src/tables.h", " * Copyright (c) 2004-2007 Ada Reyes <ada@example.org>\n *\n", ""), 1,
         ["debian/copyright:12: Files: src/tables.h lists Ada Reyes for "
          "src/tables.h, which keeps no notice of theirs"]),
    Case("incorporated-holder-missing-from-debian-copyright",
         edit("debian/copyright", "           2004-2007 Ada Reyes <ada@example.org>\n", ""), 1,
         ["debian/copyright:12: Files: src/tables.h covers src/tables.h but its Copyright: does "
          "not list Ada Reyes (notice at src/tables.h:10)"]),
    Case("incorporated-notice-only-under-catch-all",
         edit("debian/copyright", "Files: src/tables.h\n", "Files: src/unused.h\n"), 1,
         ["Files: src/* compat/* covers src/tables.h but its Copyright: does not list Ada Reyes"]),
    Case("incorporated-holder-missing-from-spec",
         edit("rpm/ath5k-dkms.spec", "# src/tables.h keeps the ISC notice of Ada Reyes.\n", ""), 1,
         ["rpm/ath5k-dkms.spec: does not name Ada Reyes, whose notice src/tables.h:10 keeps"]),
    Case("file-without-tag", edit("src/radio.h", f"/* {TAG}: ISC */\n", ""), 1,
         ["src/radio.h: no " + TAG]),
    Case("missing-debian-copyright", remove("debian/copyright"), 2,
         ["debian/copyright: missing"]),
    Case("missing-spec", remove("rpm/ath5k-dkms.spec"), 2, ["rpm/ath5k-dkms.spec: missing"]),
    Case("missing-kbuild", remove("src/Kbuild"), 2, ["src/Kbuild: missing"]),
    Case("kbuild-object-without-source", remove("src/radio.c"), 2,
         ["src/Kbuild lists radio.o but src/radio.c does not exist"]),
    Case("no-module-license", edit("src/main.c", 'MODULE_LICENSE("Dual BSD/GPL");\n', ""), 2,
         ["no MODULE_LICENSE"]),
]
