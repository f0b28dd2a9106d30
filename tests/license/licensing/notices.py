# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Finds the copyright notices of one file and the permission text
attached to each of them."""

import os
import re
import unicodedata
from collections import namedtuple
from dataclasses import dataclass, field

from . import recognise, spdx

C_LIKE = {".c", ".h", ".cc", ".cpp", ".hpp", ".cxx", ".hh", ".java", ".js",
          ".ts", ".go", ".rs", ".swift", ".kt", ".cs", ".css", ".scss",
          ".dts", ".dtsi", ".lds", ".y", ".l"}
HASH_LIKE = {".sh", ".py", ".pl", ".rb", ".mk", ".cfg", ".conf", ".ini",
             ".toml", ".yaml", ".yml", ".cmake", ".spec", ".service", ".awk",
             ".tcl", ".bash", ".in"}
HASH_NAMES = {"makefile", "kbuild", "kconfig", "dockerfile", "rules",
              "dkms.conf", "gnumakefile"}
TEXT_EXT = {".txt", ".md", ".rst", ".adoc", ".tex", ".html", ".xml", ".org"}
TEXT_PREFIXES = ("license", "licence", "copying", "readme", "notice",
                 "authors", "copyright", "credits", "patents")

# "Copyright (c) 2004-2007 Name <mail>", "(C) 2004 Name", "© Name",
# "SPDX-FileCopyrightText: 2026 Name", DEP-5's "Copyright: 2004 Name".
_NOTICE_RE = re.compile(
    r"^(?P<tag>SPDX-FileCopyrightText:\s*|Copyright:\s*)?"
    r"(?P<marks>(?:(?:portions\s+)?copyright\b\s*|\(c\)\s*|\u00a9\s*)+)"
    r"(?P<rest>.*)$", re.I)
_TAGGED_RE = re.compile(r"^SPDX-FileCopyrightText:\s*(?P<rest>.+)$", re.I)
_YEAR_TOKEN = re.compile(
    r"(?P<a>(?:19|20)\d\d)(?:\s*(?:-|\u2013|\u2014|to)\s*(?P<b>(?:19|20)\d\d|\d\d|present))?",
    re.I)
_YEARS_PREFIX = re.compile(
    r"^(?:(?:19|20)\d\d(?:\s*(?:-|\u2013|\u2014|to)\s*(?:(?:19|20)\d\d|\d\d|present))?"
    r"[\s,;]*)+(?:by\s+)?", re.I)
_EMAIL = re.compile(r"<[^>]*@[^>]*>|\(?\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b\)?")
_RESERVED = re.compile(r"all rights reserved\.?", re.I)
_ABBREVIATION = re.compile(r"\b(?:inc|ltd|corp|co|jr|sr|llc|b\.?v|s\.?a|a\.?b|e\.?v)\.$", re.I)
_SPLIT_HOLDERS = re.compile(r"\s+(?:and|&)\s+|\s*;\s*", re.I)


def years_of(text):
    years = set()
    for match in _YEAR_TOKEN.finditer(text):
        first = int(match.group("a"))
        last = match.group("b")
        if last is None:
            years.add(first)
            continue
        if last.lower() == "present":
            years.add(first)
            continue
        end = int(last)
        if end < 100:
            end = first - first % 100 + end
        if first <= end <= first + 200:
            years.update(range(first, end + 1))
        else:
            years.update((first, end))
    return frozenset(years)


def holder_key(name):
    """The form in which holder names (and signers) are compared."""
    name = unicodedata.normalize("NFKC", name).casefold()
    name = re.sub(r"[^\w\s]", " ", name)
    return re.sub(r"\s+", " ", name).strip()


def split_statement(rest):
    """Split what follows "Copyright (c)" into (years, holder names)."""
    years = years_of(rest)
    body = _YEARS_PREFIX.sub("", rest.strip())
    body = _RESERVED.sub("", body)
    body = _EMAIL.sub("", body)
    body = _YEAR_TOKEN.sub("", body)
    body = re.sub(r"\(c\)|\u00a9", "", body, flags=re.I)
    names = []
    for part in _SPLIT_HOLDERS.split(body):
        part = re.sub(r"^(?:by\s+)", "", part.strip(" \t,;:-"), flags=re.I)
        part = part.strip(" \t,;:-")
        if part.endswith(".") and not _ABBREVIATION.search(part):
            part = part.rstrip(".").strip()
        if part and re.search(r"[^\W\d_]", part):
            names.append(part)
    return years, tuple(names)


# Permission text with no copyright line above it in its comment (hunk:
# which hunk of a patch it was seen in, 0 for whole files).
Orphan = namedtuple("Orphan", "hunk text expression ids")


@dataclass
class Line:
    number: int          # 1-based line number in the text examined
    raw: str
    content: str         # the text with comment markers removed
    region: int          # comment region (-1: code or blank outside comments)


@dataclass
class Notice:
    line: int
    raw: str
    statement: str       # "Copyright (c) 2004-2007 Name <mail>", unwrapped
    years: frozenset
    holders: tuple
    keys: tuple
    region: int
    ordinal: int = 0     # position among the file's notices
    code_before: int = 0  # code lines above it (a change means it moved)
    incorporated: bool = False
    terms_text: str = ""
    terms_expression: str = None
    terms_ids: frozenset = frozenset()
    terms_source: str = "none"   # "text", "tag" or "none"

    def label(self):
        return self.statement


@dataclass
class FileLicensing:
    notices: list = field(default_factory=list)
    tag_expressions: list = field(default_factory=list)   # licence tags in the file
    orphan_terms: list = field(default_factory=list)      # Orphans
    module_licenses: list = field(default_factory=list)   # (line, value)

    def all_ids(self):
        ids = set()
        for notice in self.notices:
            ids |= notice.terms_ids
        for orphan in self.orphan_terms:
            ids |= orphan.ids
        for expression in self.tag_expressions:
            try:
                ids |= spdx.ids_of(spdx.parse(expression))
            except spdx.ExpressionError:
                pass
        return ids


def comment_style(path, text=""):
    name = os.path.basename(path).lower()
    if text.startswith("#!"):
        return "hash"
    ext = os.path.splitext(name)[1]
    if ext in C_LIKE:
        return "c"
    if ext in HASH_LIKE or name in HASH_NAMES:
        return "hash"
    if ext in TEXT_EXT or name.startswith(TEXT_PREFIXES) or not ext:
        return "text"
    return "any"


_C_LEAD = re.compile(r"^\s*(?:/\*+!?|\*+(?!/))?\s?")
_C_TRAIL = re.compile(r"\s*\*+/\s*$")
_LINE_LEAD = {
    "c": re.compile(r"^\s*//+!?\s?"),
    "hash": re.compile(r"^\s*#+!?\s?"),
    "any": re.compile(r"^\s*(?://+|#+|;+|--|%+|dnl\b|\.\\\")\s?"),
}


_TEXT_LEAD = re.compile(r"^\s*(?:<!--|#+|//+|;+|\.\\\"|%+)?\s?")
_TEXT_TRAIL = re.compile(r"\s*-->\s*$")


def classify(text, style, fragment=False):
    """Split text into Lines, marking comment regions."""
    lines = text.split("\n")
    out = []
    region = -1
    next_region = 0
    in_block = False
    if fragment and style in ("c", "any"):
        # A hunk may begin inside a block comment.
        close = text.find("*/")
        opening = text.find("/*")
        in_block = close != -1 and (opening == -1 or close < opening)
    if in_block:
        region = next_region
        next_region += 1
    for number, raw in enumerate(lines, 1):
        if style == "text":
            content = _TEXT_TRAIL.sub("", _TEXT_LEAD.sub("", raw, count=1)).strip()
            out.append(Line(number, raw, content, 0))
            continue
        stripped = raw.strip()
        if fragment and not in_block and style in ("c", "any") and stripped.startswith("*") \
                and not stripped.startswith("*/") and (not out or out[-1].region < 0):
            # A hunk's lines inside a block comment whose opening is out of view.
            in_block = True
            region = next_region
            next_region += 1
        if in_block or (style in ("c", "any") and stripped.startswith("/*")):
            if not in_block:
                region = next_region
                next_region += 1
            closes = "*/" in stripped[2 if not in_block else 0:]
            in_block = not closes
            content = _C_TRAIL.sub("", _C_LEAD.sub("", raw, count=1)).strip()
            out.append(Line(number, raw, content, region))
            continue
        lead = _LINE_LEAD.get(style)
        if lead is not None and lead.match(raw) and not _is_preprocessor(stripped, style):
            if region == -1 or not out or out[-1].region != region:
                region = next_region
                next_region += 1
            out.append(Line(number, raw, lead.sub("", raw, count=1).strip(), region))
            continue
        region = -1
        out.append(Line(number, raw, stripped, -1))
    return out


def _is_preprocessor(stripped, style):
    return style == "any" and re.match(r"#\s*(?:include|define|if|ifdef|ifndef|"
                                       r"endif|else|elif|undef|pragma)\b", stripped)


def _notice_of(line):
    if line.region < 0:
        return None
    tagged = _TAGGED_RE.match(line.content)
    if tagged:
        rest = tagged.group("rest")
    else:
        match = _NOTICE_RE.match(line.content)
        if not match:
            return None
        rest = match.group("rest")
        has_mark = bool(re.search(r"\(c\)|\u00a9", match.group("marks"), re.I))
        head = rest[:24]
        if not (_YEAR_TOKEN.search(head) or (has_mark and rest.strip())):
            return None
        if "<year>" in rest.lower() or re.match(r"\s*(?:notice|holder|owner|law)", rest, re.I):
            return None
    years, holders = split_statement(rest)
    if not holders:
        return None
    statement = re.sub(r"\s+", " ", line.content).strip()
    return Notice(line.number, line.raw, statement, years, holders,
                  tuple(holder_key(h) for h in holders), line.region)


_MODULE_LICENSE = re.compile(r"\bMODULE_LICENSE\s*\(\s*\"([^\"]*)\"\s*\)")


def examine(text, path, fragment=False):
    """FileLicensing of one text (a whole file, or the joined lines of a
    hunk when fragment is set)."""
    style = comment_style(path, text)
    lines = classify(text, style, fragment)
    result = FileLicensing()
    for line in lines:
        tag = spdx.TAG_RE.search(line.raw)
        if tag:
            result.tag_expressions.append(tag.group(1).strip())
        module = _MODULE_LICENSE.search(line.raw)
        if module and line.region < 0:
            result.module_licenses.append((line.number, module.group(1)))

    groups = []          # lists of (index into lines, Notice)
    code_lines = 0
    for index, line in enumerate(lines):
        if line.region < 0 and line.content:
            code_lines += 1
        notice = _notice_of(line)
        if notice is None:
            continue
        notice.code_before = code_lines
        previous = groups[-1][-1] if groups else None
        if (previous is not None and previous[1].region == notice.region
                and _only_reserved_between(lines, previous[0], index)):
            groups[-1].append((index, notice))
        else:
            groups.append([(index, notice)])

    blocks = []
    for number, group in enumerate(groups):
        start = group[-1][0] + 1
        region = group[0][1].region
        end = start
        limit = groups[number + 1][0][0] if number + 1 < len(groups) else len(lines)
        while end < limit and lines[end].region == region:
            end += 1
        blocks.append(lines[start:end])

    ordinal = 0
    for number, group in enumerate(groups):
        previous_block = blocks[number - 1] if number else []
        incorporated = bool(
            number and groups[number - 1][0][1].region == group[0][1].region
            and recognise.INCORPORATES.search(" ".join(l.content for l in previous_block)))
        terms = _terms_text(blocks[number], contiguous=style == "text")
        follower = number + 1
        while not terms and follower < len(groups) and \
                groups[follower][0][1].region == group[0][1].region:
            terms = _terms_text(blocks[follower], contiguous=style == "text")
            follower += 1
        expression, ids = recognise.licences_in(terms) if terms else (None, set())
        for _index, notice in group:
            notice.ordinal = ordinal
            ordinal += 1
            notice.incorporated = incorporated
            notice.terms_text = recognise.squash(terms)
            if terms:
                notice.terms_source = "text"
                notice.terms_expression = expression
                notice.terms_ids = frozenset(ids)
            elif result.tag_expressions:
                notice.terms_source = "tag"
                notice.terms_expression = result.tag_expressions[0]
                try:
                    notice.terms_ids = frozenset(spdx.ids_of(spdx.parse(notice.terms_expression)))
                except spdx.ExpressionError:
                    notice.terms_ids = frozenset([notice.terms_expression])
            result.notices.append(notice)

    first_group_line = {}
    for group in groups:
        first_group_line.setdefault(group[0][1].region, group[0][0])
    regions = {}
    for index, line in enumerate(lines):
        if line.region < 0:
            continue
        if index < first_group_line.get(line.region, len(lines)):
            regions.setdefault(line.region, []).append(line)
    for region_lines in regions.values():
        text = _terms_text(region_lines)
        if text:
            expression, ids = recognise.licences_in(text)
            # Whole files: only a recognised licence without a notice counts
            # (prose about permissions is not terms).  Hunks: any piece may
            # be part of one whose start is out of view.
            if expression or (fragment and recognise.BOILERPLATE.search(text)):
                result.orphan_terms.append(Orphan(0, recognise.squash(text), expression,
                                                  frozenset(ids)))
    return result


def _only_reserved_between(lines, first, second):
    between = lines[first + 1:second]
    return all(_RESERVED.fullmatch(l.content.strip()) for l in between)


def _terms_text(block, contiguous=False):
    """The permission paragraphs of a notice's block; with contiguous (prose
    files), only those right after the notice, so that a README's later
    paragraphs about licensing are not read as the notice's terms."""
    paragraphs = []
    current = []
    for line in block + [Line(0, "", "", -2)]:
        content = line.content
        if spdx.TAG_RE.search(content) or _TAGGED_RE.match(content):
            content = ""
        content = content.strip()
        if content:
            current.append(content)
            continue
        if current:
            if recognise.DEP5_FIELD.match(current[0]):
                # DEP-5's "License: <short names>" ends at its line.
                current[0] += " " + recognise.DEP5_END
            paragraph = recognise.INCORPORATES.sub("", " ".join(current)).strip()
            if recognise.TERMS_WORDS.search(paragraph) or \
                    (paragraphs and recognise.TERMS_FOLLOW_WORDS.search(paragraph)):
                paragraphs.append(paragraph)
            elif contiguous:
                break
            current = []
    return " ".join(paragraphs)
