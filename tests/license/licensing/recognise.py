# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Names the licence of a permission text by its distinctive phrases."""

import re

from . import spdx


def squash(text):
    """Lower case, single spaces, no quotes: the form phrases are matched in."""
    text = text.lower().replace("\u201c", '"').replace("\u201d", '"')
    text = re.sub(r"[\"'`]", "", text)
    return re.sub(r"\s+", " ", text).strip()


_ISC = re.compile(r"permission to use, copy, modify, (?:and/or|and) distribute "
                  r"this software for any purpose with or without fee is hereby granted")
_BSD_BASE = re.compile(r"redistribution and use in source and binary forms, with or "
                       r"without modification, (?:are|is) permitted provided that")
_BSD_SOURCE = "redistributions of source code must retain"
_BSD_BINARY = "redistributions in binary form must reproduce"
_BSD_ENDORSE = re.compile(r"(?:neither the names?|the names? of [^.]{0,120} may not be used) "
                          r"[^.]{0,200}(?:endorse|promote)")
_BSD_ADVERT = "all advertising materials mentioning features"
_MIT = "permission is hereby granted, free of charge, to any person obtaining a copy"
_DUAL_GPL = re.compile(r"alternatively, this (?:software|file|program) may be distributed "
                       r"under the terms of the gnu general public license")
_GPL = re.compile(r"(?:is free software|you can redistribute it)[^.]{0,200}under the "
                  r"terms of (?:the )?(?:version 2 of )?the gnu (?P<kind>general|lesser general|"
                  r"library general) public license")
_LATER = re.compile(r"(?:\(at your option\) any later version|or any later version)")
_APACHE = re.compile(r"licensed under the apache license,? version 2\.0")
_VERSION = re.compile(r"version (?P<v>[123])(?:\.\d)?\b")


def _gpl_ids(text, start):
    """The GPL-family id for a boilerplate that begins at start."""
    window = text[start:start + 600]
    match = _GPL.match(text, start)
    kind = match.group("kind") if match else "general"
    version = _VERSION.search(window)
    number = version.group("v") if version else "2"
    suffix = "or-later" if _LATER.search(window) else "only"
    if kind == "general":
        return f"GPL-{number}.0-{suffix}"
    if kind == "lesser general":
        return f"LGPL-{'3.0' if number == '3' else '2.1'}-{suffix}"
    return f"LGPL-2.0-{suffix}"


def licences_in(text):
    """Return (expression, ids) for the permission text, where expression
    is an SPDX expression string or None when no licence is recognised."""
    flat = squash(text)
    field = re.match(r"license:\s*(.+?)\s*" + DEP5_END, flat)
    if field:
        try:
            parsed = spdx.dep5_expression(field.group(1))
            return spdx.render(parsed), spdx.ids_of(parsed)
        except spdx.ExpressionError:
            pass
    primary = []
    if _ISC.search(flat):
        primary.append("ISC")
    if _BSD_BASE.search(flat):
        if _BSD_ADVERT in flat:
            primary.append("BSD-4-Clause")
        elif _BSD_ENDORSE.search(flat):
            primary.append("BSD-3-Clause")
        else:
            primary.append("BSD-2-Clause")
    if _MIT in flat:
        primary.append("MIT")
    if _APACHE.search(flat):
        primary.append("Apache-2.0")
    gpl = _GPL.search(flat)
    if gpl and not _DUAL_GPL.search(flat):
        primary.append(_gpl_ids(flat, gpl.start()))
    dual = _DUAL_GPL.search(flat)
    if not primary and not dual:
        return None, set()
    expression = " AND ".join(primary)
    ids = set(primary)
    if dual:
        window = flat[dual.start():dual.start() + 400]
        version = _VERSION.search(window)
        number = version.group("v") if version else "2"
        later = bool(_LATER.search(window))
        alt = f"GPL-{number}.0-{'or-later' if later else 'only'}"
        ids.add(alt)
        if expression:
            expression = (f"({expression})" if len(primary) > 1 else expression) + f" OR {alt}"
        else:
            expression = alt
    return expression, ids


# debian/copyright's "License:" field (DEP-5) names the terms of its stanza.
DEP5_FIELD = re.compile(r"^License:\s*\S", re.I)
DEP5_END = "\u00b6"

# Words that make a paragraph part of a permission notice.  A bare
# "licence" is not enough: comments about licence checks are not terms.
TERMS_WORDS = re.compile(
    DEP5_END + r"|permission|redistribut|hereby granted|free software|public licen[cs]e|"
    r"licensed under|all rights reserved", re.I)
# Words that continue a permission notice (a warranty disclaimer) but do
# not start one.
TERMS_FOLLOW_WORDS = re.compile(r"warrant|provided that|disclaim|liable", re.I)
INCORPORATES = re.compile(r"this file incorporates work covered by the following "
                          r"copyright and permission notices?:?", re.I)

# Phrases of licence boilerplate: a piece of permission text seen through
# a hunk's window is taken as licence text only if it has one of them.
BOILERPLATE = re.compile(
    r"this (?:software|program|file|library)|the software|in all copies|source and binary "
    r"forms|without (?:any )?warranty|general public licen[cs]e|following conditions|"
    r"as is|hereby granted", re.I)
