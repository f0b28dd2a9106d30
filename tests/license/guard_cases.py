# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Fixture cases of notice-guard: a tree before, the same tree after a
commit, the commit message (with its trailers) and what the guard must
say.  Every holder named here is invented.  The licence texts are quoted
so that the guard can recognise them; they do not license this file."""

from dataclasses import dataclass, field

# REUSE-IgnoreStart

ISC = """Permission to use, copy, modify, and distribute this software for any
purpose with or without fee is hereby granted, provided that the above
copyright notice and this permission notice appear in all copies.

THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE."""

BSD3 = """Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions
are met:
1. Redistributions of source code must retain the above copyright
   notice, this list of conditions and the following disclaimer,
   without modification.
2. Redistributions in binary form must reproduce at minimum a disclaimer
   similar to the "NO WARRANTY" disclaimer below and any redistribution
   must be conditioned upon including a substantially similar
   disclaimer requirement for further binary redistribution.
3. Neither the names of the above-listed copyright holders nor the names
   of any contributors may be used to endorse or promote products derived
   from this software without specific prior written permission.

NO WARRANTY
THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
"AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES ARE DISCLAIMED."""

DUAL_GPL = """Alternatively, this software may be distributed under the terms of the
GNU General Public License ("GPL") version 2 as published by the Free
Software Foundation."""

GPL2 = """This program is free software; you can redistribute it and/or modify
it under the terms of the GNU General Public License version 2 as
published by the Free Software Foundation.

This program is distributed in the hope that it will be useful,
but WITHOUT ANY WARRANTY; without even the implied warranty of
MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE."""

INCORPORATES = """This file incorporates work covered by the following copyright and
permission notice:"""

ADA = "Copyright (c) 2004-2007 Ada Reyes <ada@example.org>"
NILS = "Copyright (c) 2006-2007 Nils Korhonen <nils@example.org>"
SAM = "Copyright (c) 2002-2005 Sam Lindqvist, Errno Works"
WAVE = "Copyright (c) 2004-2005 Wavecorp Communications, Inc."
JO = "Copyright (c) 2007 Jo Maple <jo@example.org>"

SIGN_JO = "Signed-off-by: Jo Maple <jo@example.org>"
SIGN_ADA = "Signed-off-by: Ada Reyes <ada@example.org>"
ACK_NILS = "Acked-by: Nils Korhonen <nils@example.org>"
ACK_SAM = "Acked-by: Sam Lindqvist <sam@example.org>"


def comment(*paragraphs, indent=""):
    """A C block comment holding the paragraphs (blank line between)."""
    lines = ["/*"]
    for number, paragraph in enumerate(paragraphs):
        if number:
            lines.append(" *")
        for line in paragraph.split("\n"):
            lines.append((" * " + indent + line).rstrip() if line else " *")
    lines.append(" */")
    return "\n".join(lines) + "\n"


CODE = """
#include "hw.h"

/* Program the PCU for the requested operating mode. */
int hw_set_opmode(struct hw *hw, int mode)
{
	hw->mode = mode;
	return hw_write(hw, HW_STA_ID1, mode);
}
"""

MORE_CODE = """
static int hw_wake(struct hw *hw)
{
	return hw_write(hw, HW_SLEEP_CTL, 0);
}
"""

MODULE_CODE = """
#include <linux/module.h>
#include "hw.h"

MODULE_AUTHOR("The fixture authors");
MODULE_DESCRIPTION("notice guard fixture");
MODULE_LICENSE("{licence}");
"""


def isc_file(*holders, code=CODE):
    return comment("\n".join(holders), ISC) + code


def bsd_dual_file(licence="Dual BSD/GPL"):
    return comment("\n".join((SAM, WAVE)) + "\nAll rights reserved.", BSD3, DUAL_GPL) + \
        MODULE_CODE.format(licence=licence)


def tagged_file(expression, *holders, code=CODE):
    header = f"// SPDX-License-Identifier: {expression}\n"
    return header + "".join(f"/* {h} */\n" for h in holders) + code


def reindent(text, prefix):
    return "\n".join((prefix + line) if line else line for line in text.split("\n"))


@dataclass
class Case:
    name: str
    before: dict
    after: dict                 # path -> text, bytes, or None (deleted)
    message: str
    exit: int
    expect: list = field(default_factory=list)      # (severity, kind) in --json
    absent: list = field(default_factory=list)      # (severity, kind) that must not appear
    text: list = field(default_factory=list)        # phrases of the text report
    renames: dict = field(default_factory=dict)     # old path -> new path
    # patch: the format-patch file alone (hunks only); patch-repo: the same
    # with --repo holding its base (whole files); git: --git HEAD~1..HEAD.
    modes: tuple = ("patch", "patch-repo", "git")


PNG = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + bytes(range(256))

STORY_HW = isc_file(ADA, NILS)
STORY_BASE = bsd_dual_file()

CASES = [
    Case("story-2007-relicensed-without-consent",
         {"ath5k/hw.c": STORY_HW, "ath5k/base.c": STORY_BASE},
         {"ath5k/hw.c": comment(JO, GPL2) + CODE,
          "ath5k/base.c": comment(JO, GPL2) + MODULE_CODE.format(licence="GPL")},
         f"ath5k: convert to GPLv2\n\nReplace the BSD and ISC headers.\n\n{SIGN_JO}\n",
         1,
         expect=[("violation", "removed")],
         text=["notice removed", "Ada Reyes", "Nils Korhonen", "Wavecorp Communications, Inc.",
               "did not sign off or ack", "replaced by a copyleft one"]),
    Case("story-fixed-notices-kept-new-ones-layered",
         {"ath5k/hw.c": STORY_HW, "ath5k/base.c": STORY_BASE},
         {"ath5k/hw.c": comment(JO, GPL2, INCORPORATES,
                                reindent(ADA + "\n" + NILS, "  "), reindent(ISC, "  ")) + CODE,
          "ath5k/base.c": comment(JO + "\n" + SAM + "\n" + WAVE + "\nAll rights reserved.",
                                  BSD3, DUAL_GPL) + MODULE_CODE.format(licence="Dual BSD/GPL")},
         f"ath5k: add own copyright, keep every original notice\n\n{SIGN_JO}\n",
         0,
         expect=[("info", "moved"), ("info", "added")],
         absent=[("violation", "removed"), ("violation", "terms-changed")],
         text=["This file incorporates work", "notice added", "0 violation(s)"]),
    Case("incorporated-notice-dropped-from-project-file",
         {"src/initvals.c": "// SPDX-License-Identifier: ISC\n"
          "/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */\n"
          + comment("Initial register values, as data.")
          + comment(INCORPORATES, ADA + "\n" + NILS, ISC) + CODE},
         {"src/initvals.c": "// SPDX-License-Identifier: ISC\n"
          "/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */\n"
          + comment("Initial register values, as data.")
          + comment(INCORPORATES, ADA, ISC) + CODE},
         f"initvals: tidy the header\n\n{SIGN_JO}\n",
         1, expect=[("violation", "removed")], text=["Nils Korhonen"]),
    Case("reindent-and-move-within-file",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": CODE + "\n" + comment(reindent(ADA, "\t"), ISC)},
         f"hw: move the licence to the end\n\n{SIGN_JO}\n",
         0, expect=[("info", "moved")], absent=[("violation", "removed")]),
    Case("reindent-only",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(reindent(ADA, "    "), ISC) + CODE},
         f"hw: indent the notice\n\n{SIGN_JO}\n",
         0, expect=[("info", "reindented")], text=["re-indented"]),
    Case("whitespace-and-rewrap-only",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(ADA, " ".join(ISC.split("\n")[:3]) + "\n\n" +
                          "\n".join(ISC.split("\n")[4:])) + CODE.replace("\t", "    ")},
         f"hw: reflow\n\n{SIGN_JO}\n",
         0, absent=[("violation", "terms-changed")], text=["1 notice(s) kept unchanged"]),
    Case("comments-about-licences-are-not-terms",
         {"checks.mk": "# SPDX-License-Identifier: ISC\n# " + JO + "\n#\n# Licence checks: one "
          "licence story.\n\n# Joins CHECKS later.\n# CHECKS += check-license\nall:\n"},
         {"checks.mk": "# SPDX-License-Identifier: ISC\n# " + JO + "\n#\n# Licence checks: the "
          "licence story, told once.\n\nCHECKS += check-license\nall:\n"},
         f"checks: join CHECKS\n\n{SIGN_JO}\n",
         0, absent=[("violation", "unattributed-terms-changed"), ("violation", "terms-changed")]),
    Case("code-comment-about-permissions-in-a-hunk",
         {"hw.c": comment(ADA, ISC) + CODE + "\n" * 12 +
          "/*\n * Redistribute the permission bits to every queue.\n */\nint q;\n"},
         {"hw.c": comment(ADA, ISC) + CODE + "\n" * 12 +
          "/*\n * Give every queue the same permission bits.\n */\nint q;\n"},
         f"hw: reword a comment\n\n{SIGN_JO}\n",
         0, absent=[("violation", "unattributed-terms-changed")]),
    Case("years-rewritten-equivalently",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(ADA.replace("2004-2007", "2004, 2005, 2006, 2007"), ISC) + CODE},
         f"hw: spell out years\n\n{SIGN_JO}\n",
         0, expect=[("info", "rewritten")], text=["rewritten equivalently"]),
    Case("years-taken-out-without-consent",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(ADA.replace("2004-2007", "2006-2007"), ISC) + CODE},
         f"hw: fix years\n\n{SIGN_JO}\n",
         1, expect=[("violation", "years-removed")], text=["2004, 2005", "Ada Reyes"]),
    Case("notice-added",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(JO + "\n" + ADA, ISC) + CODE + MORE_CODE},
         f"hw: wake-up\n\n{SIGN_JO}\n",
         0, expect=[("info", "added")], text=["notice added", "Jo Maple"]),
    Case("new-licence-layered-above-kept-one",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(JO, GPL2) + comment(ADA, ISC) + CODE + MORE_CODE},
         f"hw: wake-up under GPLv2\n\n{SIGN_JO}\n",
         0, expect=[("info", "added")], absent=[("violation", "terms-changed"), ("info", "moved")]),
    Case("dual-licence-added-with-every-holders-consent",
         {"hw.c": comment(ADA + "\n" + NILS, ISC) + CODE},
         {"hw.c": comment(ADA + "\n" + NILS, ISC, DUAL_GPL) + CODE},
         f"hw: offer GPLv2 as an alternative\n\n{SIGN_JO}\n{SIGN_ADA}\n{ACK_NILS}\n",
         0, expect=[("consented", "terms-changed")],
         text=["relicensed with the holder's consent", "ISC OR GPL-2.0-only"],
         modes=("patch-repo", "git")),
    Case("dual-licence-consent-unverifiable-from-hunks",
         {"hw.c": comment(ADA + "\n" + NILS, ISC) + CODE},
         {"hw.c": comment(ADA + "\n" + NILS, ISC, DUAL_GPL) + CODE},
         f"hw: offer GPLv2 as an alternative\n\n{SIGN_JO}\n{SIGN_ADA}\n{ACK_NILS}\n",
         1, expect=[("violation", "unattributed-terms-changed")],
         text=["consent cannot be checked"], modes=("patch",)),
    Case("dual-licence-added-one-holder-missing",
         {"hw.c": comment(ADA + "\n" + NILS, ISC) + CODE},
         {"hw.c": comment(ADA + "\n" + NILS, ISC, DUAL_GPL) + CODE},
         f"hw: offer GPLv2 as an alternative\n\n{SIGN_JO}\n{SIGN_ADA}\n",
         1, expect=[("violation", "terms-changed"), ("consented", "terms-changed")],
         text=["Nils Korhonen did not sign off or ack"], modes=("patch-repo", "git")),
    Case("permissive-replaced-by-copyleft-with-consent",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(ADA, GPL2) + CODE},
         f"hw: GPLv2 only\n\n{SIGN_ADA}\n",
         0, expect=[("warning", "terms-changed")],
         text=["relicensed with the holder's consent", "legal is not the same as right",
               "replaced by a copyleft one"]),
    Case("permissive-replaced-by-copyleft-without-consent",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(ADA, GPL2) + CODE},
         f"hw: GPLv2 only\n\n{SIGN_JO}\n",
         1, expect=[("violation", "terms-changed")], text=["ISC -> GPL-2.0-only"]),
    Case("notice-removed-with-consent",
         {"hw.c": comment(ADA + "\n" + NILS, ISC) + CODE},
         {"hw.c": comment(NILS, ISC) + CODE},
         "hw: drop my notice, nothing of mine is left\n\nAcked-by: Ada Reyes <a@example.net>\n",
         0, expect=[("consented", "removed")], text=["relicensed with the holder's consent"]),
    Case("company-holder-cannot-consent-by-a-person",
         {"base.c": STORY_BASE},
         {"base.c": comment(SAM + "\nAll rights reserved.", BSD3, DUAL_GPL)
          + MODULE_CODE.format(licence="Dual BSD/GPL")},
         f"base: drop the vendor notice\n\n{ACK_SAM}\n",
         1, expect=[("violation", "removed")], text=["Wavecorp Communications, Inc."]),
    Case("person-of-a-person-and-company-notice-consents",
         {"base.c": STORY_BASE},
         {"base.c": comment(WAVE + "\nAll rights reserved.", BSD3, DUAL_GPL)
          + MODULE_CODE.format(licence="Dual BSD/GPL")},
         f"base: drop Sam's notice, none of that code is left\n\n{ACK_SAM}\n",
         0, expect=[("consented", "removed")]),
    Case("module-license-contradicts-files",
         {"base.c": STORY_BASE, "hw.c": comment(ADA, ISC) + CODE},
         {"base.c": bsd_dual_file(licence="GPL"), "hw.c": comment(ADA, ISC) + CODE},
         f"base: say GPL\n\n{SIGN_JO}\n",
         1, expect=[("violation", "module-license")],
         text=["MODULE_LICENSE changed to \"GPL\"", "\"Dual BSD/GPL\""], modes=("patch-repo", "git")),
    Case("module-license-follows-a-gpl-only-file",
         {"main.c": tagged_file("ISC", ADA, code=MODULE_CODE.format(licence="Dual BSD/GPL"))},
         {"main.c": tagged_file("ISC", ADA, code=MODULE_CODE.format(licence="GPL")),
          "gplonly.c": tagged_file("GPL-2.0-only", JO)},
         f"add a GPL-only helper, so the module is GPL\n\n{SIGN_JO}\n",
         0, absent=[("violation", "module-license")], modes=("git",)),
    Case("module-license-dual-despite-gpl-only-file",
         {"main.c": tagged_file("ISC", ADA, code=MODULE_CODE.format(licence="GPL")),
          "gplonly.c": tagged_file("GPL-2.0-only", JO)},
         {"main.c": tagged_file("ISC", ADA, code=MODULE_CODE.format(licence="Dual BSD/GPL")),
          "gplonly.c": tagged_file("GPL-2.0-only", JO)},
         f"claim dual licensing\n\n{SIGN_JO}\n",
         1, expect=[("violation", "module-license")], text=["call for \"GPL\""], modes=("git",)),
    Case("licence-tag-changed-without-consent",
         {"hw.c": tagged_file("ISC", ADA)},
         {"hw.c": tagged_file("GPL-2.0-only", ADA)},
         f"hw: retag\n\n{SIGN_JO}\n",
         1, expect=[("violation", "terms-changed")], text=["ISC -> GPL-2.0-only"]),
    Case("licence-tag-gains-an-and-term",
         {"hw.c": tagged_file("ISC", ADA)},
         {"hw.c": tagged_file("ISC AND GPL-2.0-only", JO, ADA, code=CODE + MORE_CODE)},
         f"hw: GPL code added beside the ISC code\n\n{SIGN_JO}\n",
         0, absent=[("violation", "terms-changed")]),
    Case("permission-text-replaced-by-tag",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": tagged_file("ISC", ADA)},
         f"hw: use a licence tag\n\n{SIGN_JO}\n",
         1, expect=[("violation", "terms-changed")], text=["requires its notice to stay"]),
    Case("licence-wording-changed-holder-out-of-context",
         {"hw.c": comment(ADA, ISC + "\n\n" + "\n".join(["Extra condition line."] * 8)) + CODE},
         {"hw.c": comment(ADA, ISC.replace("AND THE AUTHOR DISCLAIMS", "AND NOBODY DISCLAIMS")
                          + "\n\n" + "\n".join(["Extra condition line."] * 8)) + CODE},
         f"hw: wording\n\n{SIGN_JO}\n",
         1, expect=[("violation", "terms-changed")],
         text=["Ada Reyes did not sign off", "permission text altered (it still reads as ISC"],
         modes=("patch-repo", "git")),
    Case("debian-copyright-stanza-relicensed",
         {"debian/copyright": "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\n"
          "Files: *\nCopyright: 2026 The fixture authors\nLicense: ISC\n\n"
          "Files: src/hw.c\n" + ADA.replace("Copyright (c)", "Copyright:") + "\nLicense: ISC\n"},
         {"debian/copyright": "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\n"
          "Files: *\nCopyright: 2026 The fixture authors\nLicense: ISC\n\n"
          "Files: src/pcu.c\n" + JO.replace("Copyright (c)", "Copyright:") + "\nLicense: GPL-2\n\n"
          "Files: src/hw.c\n" + ADA.replace("Copyright (c)", "Copyright:") + "\nLicense: GPL-2+\n"},
         f"debian/copyright: hw.c is GPL now\n\n{SIGN_JO}\n",
         1, expect=[("violation", "terms-changed"), ("info", "added")],
         text=["ISC -> GPL-2.0-or-later", "Ada Reyes did not sign off"]),
    Case("binary-file",
         {"hw.c": comment(ADA, ISC) + CODE, "logo.png": PNG},
         {"hw.c": comment(ADA, ISC) + CODE, "logo.png": PNG[::-1]},
         f"new logo\n\n{SIGN_JO}\n",
         0, expect=[("info", "binary")], text=["binary file"]),
    Case("rename-keeps-notices",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw_main.c": comment(ADA, ISC) + CODE + MORE_CODE},
         f"hw: rename\n\n{SIGN_JO}\n",
         0, renames={"hw.c": "hw_main.c"}, expect=[("info", "renamed")], text=["renamed from hw.c"]),
    Case("rename-drops-a-notice",
         {"hw.c": comment(ADA + "\n" + NILS, ISC) + CODE},
         {"hw_main.c": comment(ADA, ISC) + CODE},
         f"hw: rename\n\n{SIGN_JO}\n",
         1, renames={"hw.c": "hw_main.c"}, expect=[("violation", "removed")], text=["Nils Korhonen"]),
    Case("new-file",
         {"hw.c": comment(ADA, ISC) + CODE},
         {"hw.c": comment(ADA, ISC) + CODE, "pcu.c": comment(JO, ISC) + MORE_CODE},
         f"pcu: new file\n\n{SIGN_JO}\n",
         0, expect=[("info", "added")], text=["pcu.c (added)"]),
    Case("file-deleted",
         {"hw.c": comment(ADA, ISC) + CODE, "old.c": comment(NILS, ISC) + MORE_CODE},
         {"hw.c": comment(ADA, ISC) + CODE, "old.c": None},
         f"drop dead code\n\n{SIGN_JO}\n",
         0, expect=[("info", "file-deleted")]),
]

BSD2 = BSD3.split("\n3.")[0] + "\n\nTHIS SOFTWARE IS PROVIDED AS IS AND ANY WARRANTIES ARE DISCLAIMED."
GPL2_LATER = GPL2.replace("version 2 as\npublished by the Free Software Foundation.",
                          "as published by\nthe Free Software Foundation; either version 2 of the "
                          "License, or\n(at your option) any later version.")
MIT = """Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction."""

# (text, the expression the recogniser must name)
RECOGNISED = [
    (ISC, "ISC"),
    (BSD3, "BSD-3-Clause"),
    (BSD2, "BSD-2-Clause"),
    (BSD3 + "\n\n" + DUAL_GPL, "BSD-3-Clause OR GPL-2.0-only"),
    (GPL2, "GPL-2.0-only"),
    (GPL2_LATER, "GPL-2.0-or-later"),
    (MIT, "MIT"),
    ("Thanks to everyone who tested this driver.", None),
]
TAGS = [
    ("// SPDX-License-Identifier: ISC", "ISC"),
    ("/* SPDX-License-Identifier: BSD-3-Clause OR GPL-2.0-only */", "BSD-3-Clause OR GPL-2.0-only"),
    ("# SPDX-License-Identifier: GPL-2.0", "GPL-2.0"),
    ("<!-- SPDX-License-Identifier: ISC -->", "ISC"),
]

# REUSE-IgnoreEnd
