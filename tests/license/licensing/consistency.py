# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""check-consistency: computes the licence of ath5k.ko from the licence
tags of the files compiled into it (src/Kbuild's objects and the headers
they include from src/ and compat/) and verifies that MODULE_LICENSE,
debian/copyright and the RPM spec's License: say the same.

Mapping from the module's SPDX expression to MODULE_LICENSE (see
spdx.module_license): a module usable under ISC/BSD-2/3-Clause/0BSD terms
is "Dual BSD/GPL"; under MIT terms only, "Dual MIT/GPL"; a module any of
whose files is GPL-2.0-only or -or-later without a permissive
alternative (e.g. "ISC AND GPL-2.0-only") is "GPL".  debian/copyright
must give each compiled file, and "Files: *", the same licence (DEP-5
names: ISC, BSD-3-clause, GPL-2, GPL-2+, Expat); the spec's License: is
the module's SPDX expression.

Notices: every copyright notice a compiled file carries (its own and those
it keeps under "This file incorporates work covered by the following
copyright and permission notice") must name a holder that the Copyright:
field of the file's debian/copyright stanza lists, and the spec must name
every holder of a notice kept from other work; every holder a stanza lists
must still have a notice in each compiled file it governs, so dropping a
kept notice from a file, or its holders from debian/copyright or the spec,
is a mismatch.

Exit 0 when all agree, 1 on a mismatch, 2 when an input is missing or
unreadable."""

import argparse
import fnmatch
import os
import re
import sys

from . import notices, spdx

MODULE = "ath5k"
SPEC = "rpm/ath5k-dkms.spec"
DEP5 = "debian/copyright"
class MissingInput(Exception):
    pass


def _read(root, relative):
    path = os.path.join(root, relative)
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except FileNotFoundError:
        raise MissingInput(f"{relative}: missing (needed to compute the module's licence)") from None
    except OSError as error:
        raise MissingInput(f"{relative}: cannot read: {error.strerror}") from None


# ---------------------------------------------------------------- Kbuild

def _kbuild_statements(text):
    text = re.sub(r"\\\n", " ", text)
    for line in text.split("\n"):
        line = line.split("#", 1)[0].strip()
        match = re.match(r"^([\w$().-]+)\s*(:=|\+=|\?=|=)\s*(.*)$", line)
        if match:
            yield match.groups()


def _expand(value, variables, src_dir):
    for _ in range(8):
        expanded = re.sub(r"\$\((\w+)\)",
                          lambda m: src_dir if m.group(1) == "src" else variables.get(m.group(1), ""),
                          value)
        if expanded == value:
            break
        value = expanded
    return value


def module_sources(root):
    """The .c files compiled into the module and the include setup."""
    kbuild = "src/Kbuild"
    text = _read(root, kbuild)
    src_dir = os.path.join(root, "src")
    variables = {}
    objects = []
    flags = []
    single = False
    for name, operator, value in _kbuild_statements(text):
        if name.startswith(f"{MODULE}-") and name != f"{MODULE}-m":
            objects.extend(value.split())
        elif name in ("obj-m", "obj-y") or name.startswith("obj-$("):
            single = single or f"{MODULE}.o" in value.split()
        elif name in ("NOSTDINC_FLAGS", "ccflags-y", "EXTRA_CFLAGS", "subdir-ccflags-y"):
            flags.append(value)
        else:
            if operator == "+=":
                variables[name] = variables.get(name, "") + " " + value
            else:
                variables[name] = value
    if not single:
        raise MissingInput(f"{kbuild}: no obj-m line builds {MODULE}.o")
    if not objects:
        objects = [f"{MODULE}.o"]
    sources = []
    for obj in objects:
        obj = _expand(obj, variables, src_dir)
        if not obj.endswith(".o"):
            continue
        path = os.path.normpath(os.path.join(src_dir, obj[:-2] + ".c"))
        if not os.path.exists(path):
            raise MissingInput(f"{kbuild} lists {obj} but {os.path.relpath(path, root)} does not exist")
        sources.append(path)
    include_dirs, forced = [], []
    words = _expand(" ".join(flags), variables, src_dir).split()
    for index, word in enumerate(words):
        if word.startswith("-I") and len(word) > 2:
            include_dirs.append(os.path.normpath(word[2:]))
        elif word == "-I" and index + 1 < len(words):
            include_dirs.append(os.path.normpath(words[index + 1]))
        elif word == "-include" and index + 1 < len(words):
            forced.append(os.path.normpath(words[index + 1]))
    for default in ("src", "compat/include", "compat"):
        candidate = os.path.join(root, default)
        if candidate not in include_dirs:
            include_dirs.append(candidate)
    return sources, include_dirs, forced


_INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def module_files(root):
    """Every file of src/ and compat/ that goes into the module."""
    sources, include_dirs, forced = module_sources(root)
    allowed = [os.path.join(root, "src"), os.path.join(root, "compat")]
    seen = []
    pending = list(sources)
    for header in forced:
        if not os.path.exists(header):
            raise MissingInput(f"src/Kbuild force-includes {os.path.relpath(header, root)}, "
                               "which does not exist")
        pending.append(header)
    while pending:
        path = pending.pop(0)
        if path in seen:
            continue
        seen.append(path)
        text = _read(root, os.path.relpath(path, root))
        for kind, name in _INCLUDE.findall(text):
            candidates = ([os.path.dirname(path)] if kind == '"' else []) + include_dirs
            for directory in candidates:
                found = os.path.normpath(os.path.join(directory, name))
                if os.path.isfile(found) and any(found.startswith(a + os.sep) for a in allowed):
                    pending.append(found)
                    break
    return [os.path.relpath(p, root) for p in seen]


# ---------------------------------------------------------------- the inputs

def file_expressions(root, files):
    expressions = {}
    problems = []
    for relative in files:
        tag = spdx.find_tag(_read(root, relative))
        if tag is None:
            problems.append(f"{relative}: no {spdx.LICENSE_TAG} line")
            continue
        try:
            expressions[relative] = (tag, spdx.parse(tag))
        except spdx.ExpressionError as error:
            problems.append(f"{relative}: {error}")
    return expressions, problems


def dep5_stanzas(text):
    """(line, patterns, licence text) of each Files stanza."""
    stanzas = []
    line_number = 1
    for block in re.split(r"\n[ \t]*\n", text):
        fields = {}
        last = None
        for line in block.split("\n"):
            if line.startswith((" ", "\t")) and last:
                fields[last] += " " + line.strip()
            elif ":" in line:
                last, value = line.split(":", 1)
                last = last.strip().lower()
                fields[last] = value.strip()
        if "files" in fields:
            licence = fields.get("license", "").split("\n")[0].strip()
            stanzas.append((line_number, tuple(fields["files"].split()), licence))
        line_number += block.count("\n") + 2
    return stanzas


def dep5_holders(text):
    """{first line of a Files stanza: {holder key: name} of its Copyright:}."""
    holders = {}
    line_number = 1
    for block in re.split(r"\n[ \t]*\n", text):
        statements = []
        in_copyright = False
        is_files = False
        for line in block.split("\n"):
            if line.startswith((" ", "\t")):
                if in_copyright:
                    statements.append(line.strip())
                continue
            field_name, _, value = line.partition(":")
            field_name = field_name.strip().lower()
            is_files = is_files or field_name == "files"
            in_copyright = field_name == "copyright"
            if in_copyright:
                statements.append(value.strip())
        if is_files:
            keys = {}
            for statement in statements:
                _years, names = notices.split_statement(statement)
                keys.update((notices.holder_key(name), name) for name in names)
            holders[line_number] = keys
        line_number += block.count("\n") + 2
    return holders


def _project_holder(key):
    return key == notices.holder_key("The ath5k-dkms authors")


def check_notices(root, files, stanzas, dep5_text, spec_text):
    """Mismatches between the notices the compiled files carry and the
    holders debian/copyright and the spec list."""
    mismatches = []
    listed = dep5_holders(dep5_text)
    spec_keys = notices.holder_key(spec_text)
    unnamed = {}
    for relative in sorted(files):
        found = notices.examine(_read(root, relative), relative).notices
        file_keys = {}
        for notice in found:
            for name, key in zip(notice.holders, notice.keys):
                file_keys.setdefault(key, (name, notice.line))
        matching = [s for s in stanzas if any(_dep5_match(p, relative) for p in s[1])]
        if matching:
            line, patterns, _licence = matching[-1]
            stanza_keys = listed.get(line, {})
            for key, (name, notice_line) in sorted(file_keys.items()):
                if key not in stanza_keys:
                    mismatches.append(f"{DEP5}:{line}: Files: {' '.join(patterns)} covers "
                                      f"{relative} but its Copyright: does not list {name} "
                                      f"(notice at {relative}:{notice_line})")
            for key in sorted(set(stanza_keys) - set(file_keys)):
                mismatches.append(f"{DEP5}:{line}: Files: {' '.join(patterns)} lists "
                                  f"{stanza_keys[key]} "
                                  f"for {relative}, which keeps no notice of theirs; restore "
                                  "the notice in the file")
        for key, (name, notice_line) in sorted(file_keys.items()):
            if not _project_holder(key) and key not in spec_keys:
                unnamed.setdefault(name, []).append(f"{relative}:{notice_line}")
    for name, places in sorted(unnamed.items()):
        more = f" and {len(places) - 1} more" if len(places) > 1 else ""
        mismatches.append(f"{SPEC}: does not name {name}, whose notice {places[0]}{more} "
                          "keeps; list the holder in the spec's licence comment")
    return mismatches


def _dep5_match(pattern, path):
    regex = re.escape(pattern).replace(r"\*", ".*").replace(r"\?", ".")
    return re.fullmatch(regex, path) is not None or fnmatch.fnmatchcase(path, pattern)


def check(root, verbose=False):
    """Return (mismatches, summary lines); raise MissingInput."""
    files = module_files(root)
    expressions, problems = file_expressions(root, files)
    if problems:
        return problems, []
    module = spdx.conjoin(parsed for _tag, parsed in expressions.values())
    module_text = spdx.render(module)
    expected = spdx.module_license(module)
    by_expression = {}
    for relative, (tag, _parsed) in expressions.items():
        by_expression.setdefault(tag, []).append(relative)
    summary = [f"{len(files)} files compiled into {MODULE}.ko: {module_text}"]
    if verbose:
        summary += [f"  {relative}: {tag}" for relative, (tag, _p) in sorted(expressions.items())]
    elif len(by_expression) > 1:
        summary += [f"  {tag}: {', '.join(sorted(paths))}" for tag, paths in sorted(by_expression.items())]
    summary += ["MODULE_LICENSE expected: " + (f"\"{expected}\"" if expected else "(none possible)")]
    mismatches = []
    if expected is None:
        mismatches.append(f"the module's files ({module_text}) cannot be combined under any "
                          "MODULE_LICENSE the kernel knows")

    declared = []
    for relative in files:
        for match in re.finditer(r"\bMODULE_LICENSE\s*\(\s*\"([^\"]*)\"\s*\)", _read(root, relative)):
            line = _read(root, relative)[:match.start()].count("\n") + 1
            declared.append((relative, line, match.group(1)))
    if not declared:
        raise MissingInput(f"no MODULE_LICENSE in the files compiled into {MODULE}.ko")
    for relative, line, value in declared:
        if expected and spdx.kernel_name(value) != expected:
            mismatches.append(f"{relative}:{line}: MODULE_LICENSE(\"{value}\") does not match the "
                              f"files' licence {module_text}; expected MODULE_LICENSE(\"{expected}\")")

    stanzas = dep5_stanzas(_read(root, DEP5))
    if not any(s[1] == ("*",) for s in stanzas):
        mismatches.append(f"{DEP5}: no \"Files: *\" stanza")
    governed = {}
    for relative, (_tag, parsed) in sorted(expressions.items()):
        matching = [s for s in stanzas if any(_dep5_match(p, relative) for p in s[1])]
        if not matching:
            mismatches.append(f"{DEP5}: no Files stanza covers {relative}; expected one with "
                              f"License: {spdx.to_dep5(parsed)}")
            continue
        governed.setdefault(matching[-1], []).append((relative, parsed))
    for line, patterns, licence in stanzas:
        # A catch-all that governs no compiled file still states the
        # project's licence: it must be one the module's files use.
        if patterns == ("*",) and (line, patterns, licence) not in governed \
                and not _dep5_within(licence, module):
            mismatches.append(f"{DEP5}:{line}: Files: * has License: {licence or '(none)'}, a "
                              f"licence no compiled file uses; expected License: {spdx.to_dep5(module)}")
    for (line, patterns, licence), members in governed.items():
        wrong = [(r, p) for r, p in members if not _dep5_same(licence, p)]
        if wrong:
            wanted = spdx.conjoin(p for _r, p in wrong)
            names = ", ".join(r for r, _p in wrong[:3]) + (" ..." if len(wrong) > 3 else "")
            mismatches.append(f"{DEP5}:{line}: Files: {' '.join(patterns)} has License: "
                              f"{licence or '(none)'} but covers {names}; expected License: "
                              f"{spdx.to_dep5(wanted)}")

    spec = _read(root, SPEC)
    mismatches += check_notices(root, files, stanzas, _read(root, DEP5), spec)
    tags = re.findall(r"^License:\s*(.+?)\s*$", spec, re.M)
    if not tags:
        mismatches.append(f"{SPEC}: no License: tag; expected License: {module_text}")
    for value in tags:
        try:
            same = spdx.equivalent(spdx.parse(value), module)
        except spdx.ExpressionError as error:
            mismatches.append(f"{SPEC}: License: {value}: {error}; expected {module_text}")
            continue
        if not same:
            mismatches.append(f"{SPEC}: License: {value} does not match the module; "
                              f"expected License: {module_text}")
    return mismatches, summary


def _dep5_within(licence, module):
    try:
        return spdx.ids_of(spdx.dep5_expression(licence)) <= spdx.ids_of(module)
    except spdx.ExpressionError:
        return False


def _dep5_same(licence, wanted):
    try:
        return spdx.equivalent(spdx.dep5_expression(licence), wanted)
    except spdx.ExpressionError:
        return False


def main(argv=None):
    parser = argparse.ArgumentParser(prog="check-consistency", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    default_root = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    parser.add_argument("root", nargs="?", default=default_root,
                        help="project tree (default: this repository)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="list each compiled file with its licence")
    args = parser.parse_args(argv)
    try:
        mismatches, summary = check(args.root, args.verbose)
    except MissingInput as error:
        sys.stderr.write(f"check-consistency: {error}\n")
        return 2
    for line in summary:
        print(f"check-consistency: {line}")
    for line in mismatches:
        print(f"check-consistency: MISMATCH {line}")
    if mismatches:
        print(f"check-consistency: {len(mismatches)} mismatch(es) in {args.root}")
        return 1
    print(f"check-consistency: MODULE_LICENSE, {DEP5} and {SPEC} agree")
    return 0
