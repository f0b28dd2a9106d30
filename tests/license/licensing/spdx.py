# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""SPDX licence expressions: parsing, comparison, and the kernel's
MODULE_LICENSE strings that a set of file licences implies."""

import re

# The tag is split so that REUSE tools do not read this source as a tag.
LICENSE_TAG = "SPDX-" "License-Identifier"
TAG_RE = re.compile(re.escape(LICENSE_TAG) + r":\s*(.+?)\s*(?:\*/|-->)?\s*$")

PERMISSIVE = {
    "ISC", "BSD-2-Clause", "BSD-3-Clause", "BSD-3-Clause-Clear", "0BSD",
    "MIT", "X11", "Zlib", "Apache-2.0", "BSD-4-Clause",
}
COPYLEFT = {
    "GPL-1.0-only", "GPL-1.0-or-later", "GPL-2.0-only", "GPL-2.0-or-later",
    "GPL-3.0-only", "GPL-3.0-or-later", "LGPL-2.0-only", "LGPL-2.0-or-later",
    "LGPL-2.1-only", "LGPL-2.1-or-later", "LGPL-3.0-only",
    "LGPL-3.0-or-later", "AGPL-3.0-only", "AGPL-3.0-or-later",
    "MPL-2.0",
}
# Deprecated SPDX ids still found in the wild, read as their current ids.
ALIASES = {
    "GPL-2.0": "GPL-2.0-only", "GPL-2.0+": "GPL-2.0-or-later",
    "GPL-3.0": "GPL-3.0-only", "GPL-3.0+": "GPL-3.0-or-later",
    "LGPL-2.1": "LGPL-2.1-only", "LGPL-2.1+": "LGPL-2.1-or-later",
    "LGPL-2.0": "LGPL-2.0-only", "LGPL-2.0+": "LGPL-2.0-or-later",
}
# Licences the kernel accepts alongside GPLv2 in one module: the
# permissive ones above (except BSD-4-Clause and Apache-2.0) and GPLv2.
GPL2_COMPATIBLE = (PERMISSIVE - {"BSD-4-Clause", "Apache-2.0"}) | {
    "GPL-2.0-only", "GPL-2.0-or-later", "LGPL-2.0-only",
    "LGPL-2.0-or-later", "LGPL-2.1-only", "LGPL-2.1-or-later",
}
BSD_LIKE = {"ISC", "BSD-2-Clause", "BSD-3-Clause", "BSD-3-Clause-Clear",
            "0BSD"}
MIT_LIKE = {"MIT", "X11"}


class ExpressionError(ValueError):
    pass


def canonical_id(token):
    return ALIASES.get(token, token)


def category(licence_id):
    if licence_id in PERMISSIVE:
        return "permissive"
    if licence_id in COPYLEFT:
        return "copyleft"
    return "other"


_TOKEN_RE = re.compile(r"\(|\)|[A-Za-z0-9.+:-]+")


def _tokens(text):
    pos = 0
    out = []
    for match in _TOKEN_RE.finditer(text):
        if text[pos:match.start()].strip():
            raise ExpressionError(f"unexpected text in licence expression: {text!r}")
        out.append(match.group(0))
        pos = match.end()
    if text[pos:].strip():
        raise ExpressionError(f"unexpected text in licence expression: {text!r}")
    return out


def parse(text):
    """Return the expression as alternatives: a frozenset of frozensets of
    ids, each inner set being licences that all apply together (an
    "A AND B" term); "WITH exception" stays attached to its licence."""
    tokens = _tokens(text)
    if not tokens:
        raise ExpressionError("empty licence expression")
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def parse_or():
        result = parse_and()
        while peek() is not None and peek().upper() == "OR":
            take()
            result = result | parse_and()
        return result

    def parse_and():
        result = parse_atom()
        while peek() is not None and peek().upper() == "AND":
            take()
            right = parse_atom()
            result = frozenset(a | b for a in result for b in right)
        return result

    def parse_atom():
        token = peek()
        if token is None:
            raise ExpressionError(f"licence expression ends early: {text!r}")
        if token == "(":
            take()
            inner = parse_or()
            if peek() != ")":
                raise ExpressionError(f"unbalanced parenthesis in {text!r}")
            take()
            return inner
        if token == ")" or token.upper() in ("AND", "OR", "WITH"):
            raise ExpressionError(f"misplaced {token!r} in {text!r}")
        take()
        ident = canonical_id(token)
        if peek() is not None and peek().upper() == "WITH":
            take()
            ident = f"{ident} WITH {take()}"
        return frozenset([frozenset([ident])])

    result = parse_or()
    if pos != len(tokens):
        raise ExpressionError(f"trailing text in licence expression: {text!r}")
    return result


def ids_of(alternatives):
    return {i.split(" WITH ")[0] for term in alternatives for i in term}


def render(alternatives):
    """A stable textual form of parsed alternatives."""
    terms = sorted(" AND ".join(sorted(term)) for term in alternatives)
    if len(terms) == 1:
        return terms[0]
    return " OR ".join(f"({t})" if " AND " in t else t for t in terms)


def conjoin(expressions):
    """The expression that holds when every one of the given parsed
    expressions holds (files linked into one object)."""
    result = frozenset([frozenset()])
    for alternatives in expressions:
        result = frozenset(a | b for a in result for b in alternatives)
    return _minimal(result)


def _minimal(alternatives):
    """Drop alternatives that are supersets of another (A OR (A AND B))."""
    return frozenset(a for a in alternatives
                     if not any(b < a for b in alternatives))


def equivalent(left, right):
    return _minimal(left) == _minimal(right)


def module_license(alternatives):
    """The MODULE_LICENSE string for a module whose licence is the parsed
    expression, or None when the kernel has no honest string for it.

    Mapping: a module that may be used under BSD-style terms (ISC,
    BSD-2/3-Clause, 0BSD) and is GPLv2-compatible is "Dual BSD/GPL"; under
    MIT terms only, "Dual MIT/GPL"; when every way to use it involves a
    GPL licence (GPL-2.0-only or -or-later in an AND term), "GPL"."""
    def all_in(term, allowed):
        return all(i.split(" WITH ")[0] in allowed for i in term)

    if any(term and all_in(term, BSD_LIKE) for term in alternatives):
        return "Dual BSD/GPL"
    if any(term and all_in(term, BSD_LIKE | MIT_LIKE) for term in alternatives):
        return "Dual MIT/GPL"
    if any(term and all_in(term, GPL2_COMPATIBLE) for term in alternatives):
        return "GPL"
    return None


def find_tag(text):
    """The expression of the first licence tag in text, or None."""
    for line in text.splitlines():
        match = TAG_RE.search(line)
        if match:
            return match.group(1).strip()
    return None


# MODULE_LICENSE strings the kernel treats as one.
_KERNEL_SAME = {"GPL v2": "GPL"}


def kernel_name(value):
    return _KERNEL_SAME.get(value, value)


# Debian's DEP-5 short names (debian/copyright) and the SPDX ids they mean.
DEP5_TO_SPDX = {
    "isc": "ISC", "bsd-2-clause": "BSD-2-Clause", "bsd-3-clause": "BSD-3-Clause",
    "gpl-2": "GPL-2.0-only", "gpl-2+": "GPL-2.0-or-later", "gpl-2.0": "GPL-2.0-only",
    "gpl-2.0+": "GPL-2.0-or-later", "gpl-3": "GPL-3.0-only", "gpl-3+": "GPL-3.0-or-later",
    "lgpl-2.1": "LGPL-2.1-only", "lgpl-2.1+": "LGPL-2.1-or-later", "expat": "MIT",
    "mit": "MIT", "0bsd": "0BSD", "apache-2.0": "Apache-2.0", "mpl-2.0": "MPL-2.0",
}
SPDX_TO_DEP5 = {"ISC": "ISC", "BSD-2-Clause": "BSD-2-clause", "BSD-3-Clause": "BSD-3-clause",
                "GPL-2.0-only": "GPL-2", "GPL-2.0-or-later": "GPL-2+", "GPL-3.0-only": "GPL-3",
                "GPL-3.0-or-later": "GPL-3+", "MIT": "Expat", "LGPL-2.1-only": "LGPL-2.1",
                "LGPL-2.1-or-later": "LGPL-2.1+"}


def dep5_expression(text):
    words = re.split(r"(\s+|\(|\)|,)", text.strip())
    converted = []
    for word in words:
        if not word.strip() or word in "()":
            converted.append(word)
        elif word == ",":
            converted.append(" AND ")
        elif word.lower() in ("and", "or"):
            converted.append(word.upper())
        else:
            converted.append(DEP5_TO_SPDX.get(word.lower(), word))
    return parse("".join(converted))


def to_dep5(alternatives):
    rendered = render(alternatives)
    return re.sub(r"[A-Za-z0-9.+-]+", lambda m: SPDX_TO_DEP5.get(m.group(0), m.group(0)),
                  rendered).replace(" OR ", " or ").replace(" AND ", " and ")
