# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Compares the notices of each file before and after a change and
says what happened to each: kept, moved, added, removed, relicensed."""

import os
from dataclasses import dataclass, field

from . import notices, spdx

VIOLATION, WARNING, CONSENTED, INFO = "violation", "warning", "consented", "info"
CONSENT_WORDS = "relicensed with the holder's consent"
# Licences whose text itself says the permission notice must stay.
NOTICE_MUST_STAY = {"ISC", "BSD-2-Clause", "BSD-3-Clause", "BSD-4-Clause", "MIT", "X11"}


@dataclass
class Finding:
    severity: str
    kind: str
    message: str
    notice: str = ""
    holders: list = field(default_factory=list)
    terms_before: str = ""
    terms_after: str = ""
    line_before: int = 0
    line_after: int = 0

    def as_dict(self):
        return {k: v for k, v in self.__dict__.items() if v not in ("", [], 0)}


@dataclass
class FileVerdict:
    path: str
    old_path: str
    status: str
    findings: list = field(default_factory=list)


def _combine(texts, path, fragment, starts):
    """One FileLicensing for a file given as whole text or as hunks
    (starts: the file line number each text begins at)."""
    merged = notices.FileLicensing()
    for hunk, text in enumerate(texts):
        part = notices.examine(text, path, fragment=fragment)
        shift = (starts[hunk] - 1) if hunk < len(starts) else 0
        for notice in part.notices:
            notice.ordinal += len(merged.notices)
            notice.region = (hunk, notice.region)
            notice.line += shift
        merged.notices.extend(part.notices)
        merged.tag_expressions.extend(part.tag_expressions)
        merged.orphan_terms.extend(o._replace(hunk=hunk if fragment else 0) for o in part.orphan_terms)
        merged.module_licenses.extend((line + shift, value) for line, value in part.module_licenses)
    return merged


def _consented(holders, consenters):
    signers = {notices.holder_key(name) for _trailer, name, _address in consenters if name}
    for holder in holders:
        key = notices.holder_key(holder)
        person = notices.holder_key(holder.split(",")[0])
        if key not in signers and person not in signers:
            return False
    return True


def _missing_consent(holders, consenters):
    return [h for h in holders if not _consented([h], consenters)]


def _permissive(ids):
    return {i for i in ids if spdx.category(i) == "permissive"}


def _copyleft(ids):
    return {i for i in ids if spdx.category(i) == "copyleft"}


def _parsed(expression):
    if not expression:
        return None
    try:
        return spdx.parse(expression)
    except spdx.ExpressionError:
        return None


def _layered(before_expr, after_expr):
    """True when every way to use the code after the change also meets
    the terms before it (terms added with AND, none taken away)."""
    before, after = _parsed(before_expr), _parsed(after_expr)
    if before is None or after is None:
        return False
    return all(any(b <= a for b in before) for a in after)


def _describe(notice):
    if notice.terms_expression:
        return notice.terms_expression
    return "unrecognised terms" if notice.terms_text else "no licence stated"


def _describe_text(expression):
    return expression or "unrecognised terms"


def _terms_change(before, after):
    """None when the notice's terms are unchanged, else (how, severity hint)."""
    if before.terms_source == "none" and after.terms_source == "none":
        return None
    if before.terms_source == "text" and after.terms_source == "text":
        if before.terms_text == after.terms_text:
            return None
        if before.terms_text in after.terms_text and _layered(before.terms_expression,
                                                               after.terms_expression):
            return ("layered-in-block", WARNING)
        return ("changed", VIOLATION)
    if before.terms_source == "tag" and after.terms_source == "tag":
        if _layered(before.terms_expression, after.terms_expression):
            return None
        return ("changed", VIOLATION)
    if before.terms_source == "text" and after.terms_source == "tag":
        same = _layered(before.terms_expression, after.terms_expression)
        if same and not (set(before.terms_ids) & NOTICE_MUST_STAY):
            return ("text-to-tag", INFO)
        return ("text-to-tag", VIOLATION)
    if before.terms_source == "tag" and after.terms_source == "text":
        if _layered(before.terms_expression, after.terms_expression):
            return None
        return ("changed", VIOLATION)
    return ("changed", VIOLATION)


def _match(before_list, after_list):
    """(pairs of the same notice before and after, removed, added)."""
    remaining = list(after_list)
    pairs = []
    unmatched = []
    for before in before_list:
        chosen = None
        for same_years, same_terms in ((True, True), (True, False), (False, False)):
            for candidate in remaining:
                if set(candidate.keys) != set(before.keys):
                    continue
                if same_years and candidate.years != before.years:
                    continue
                if same_terms and candidate.terms_text != before.terms_text:
                    continue
                chosen = candidate
                break
            if chosen:
                break
        if chosen:
            remaining.remove(chosen)
            pairs.append((before, chosen))
        else:
            unmatched.append(before)
    return pairs, unmatched, remaining


def judge_file(change, consenters):
    verdict = FileVerdict(change.path, change.old_path if change.old_path != change.new_path else None,
                          change.status)
    if change.binary:
        verdict.findings.append(Finding(INFO, "binary", "binary file: not examined for notices"))
        return verdict, None, None
    old_starts = [h[0] for h in change.hunks] if change.fragment else []
    new_starts = [h[1] for h in change.hunks] if change.fragment else []
    before = _combine(change.before, change.old_path or "", change.fragment, old_starts)
    after = _combine(change.after, change.new_path or "", change.fragment, new_starts)
    if change.status == "deleted":
        if before.notices:
            verdict.findings.append(Finding(
                INFO, "file-deleted",
                f"file deleted with its {len(before.notices)} notice(s); no copy of its code remains here"))
        return verdict, before, after
    if change.status == "renamed":
        verdict.findings.append(Finding(INFO, "renamed", f"renamed from {change.old_path}"))

    pairs, removed, added = _match(before.notices, after.notices)
    rank_after = {id(a): rank for rank, (_, a) in enumerate(sorted(pairs, key=lambda p: p[1].ordinal))}
    rank_before = {id(b): rank for rank, (b, _) in enumerate(sorted(pairs, key=lambda p: p[0].ordinal))}
    unchanged = 0
    for old, new in pairs:
        findings = _judge_kept(old, new, consenters, rank_before[id(old)] != rank_after[id(new)])
        if not findings:
            unchanged += 1
        verdict.findings.extend(findings)
    for old in removed:
        verdict.findings.append(_judge_removed(old, after, consenters))
    for new in added:
        verdict.findings.append(Finding(INFO, "added", "notice added", notice=new.statement,
                                        holders=list(new.holders),
                                        terms_after=_describe(new),
                                        line_after=new.line))
    verdict.findings.extend(_judge_orphans(before, after))
    verdict.findings.extend(_judge_tags(before, after, consenters, change.fragment))
    if unchanged:
        verdict.findings.append(Finding(INFO, "kept", f"{unchanged} notice(s) kept unchanged"))
    return verdict, before, after


def _judge_kept(old, new, consenters, reordered):
    findings = []
    base = dict(notice=new.statement, holders=list(old.holders),
                line_before=old.line, line_after=new.line)
    if new.years != old.years:
        lost = sorted(old.years - new.years)
        if lost:
            findings.append(_needs_consent(
                "years-removed", f"years {', '.join(map(str, lost))} taken out of the notice",
                old, consenters, base))
        else:
            findings.append(Finding(INFO, "years-extended", "years added to the notice", **base))
    elif new.statement != old.statement:
        findings.append(Finding(INFO, "rewritten",
                                f"notice rewritten equivalently (was \"{old.statement}\")", **base))
    if new.incorporated and not old.incorporated:
        findings.append(Finding(INFO, "moved", "moved under \"This file incorporates work covered "
                                "by the following copyright and permission notice\"", **base))
    elif reordered or old.code_before != new.code_before:
        findings.append(Finding(INFO, "moved", "moved within the file", **base))
    elif old.raw.strip() != new.raw.strip() or len(old.raw) - len(old.raw.lstrip()) != \
            len(new.raw) - len(new.raw.lstrip()):
        if old.statement == new.statement:
            findings.append(Finding(INFO, "reindented", "re-indented", **base))

    change = _terms_change(old, new)
    if change is not None:
        how, severity = change
        before_terms, after_terms = _describe(old), _describe(new)
        extra = dict(base, terms_before=before_terms, terms_after=after_terms)
        if how == "layered-in-block":
            findings.append(Finding(WARNING, "layered-in-block",
                                    f"permission text kept, but other terms ({after_terms}) were "
                                    "added inside the same notice; put them in a notice of their own",
                                    **extra))
        elif how == "text-to-tag" and severity == INFO:
            findings.append(Finding(INFO, "text-to-tag", "permission text replaced by an equivalent "
                                    "licence tag", **extra))
        else:
            if how == "text-to-tag":
                what = (f"permission text ({before_terms}) replaced by a licence tag ({after_terms}); "
                        "the licence requires its notice to stay")
            elif not new.terms_text and new.terms_source != "tag":
                what = f"permission text ({before_terms}) removed from the notice"
            elif before_terms == after_terms:
                what = f"permission text altered (it still reads as {after_terms}, but not word for word)"
            else:
                what = f"licence terms changed: {before_terms} -> {after_terms}"
            findings.append(_needs_consent("terms-changed", what, old, consenters, extra,
                                           after_ids=new.terms_ids))
    return findings


def _needs_consent(kind, what, old, consenters, base, after_ids=None):
    holders = list(old.holders)
    missing = _missing_consent(holders, consenters)
    to_copyleft = after_ids is not None and _permissive(old.terms_ids) and \
        not _permissive(after_ids) and _copyleft(after_ids)
    swap = ""
    if to_copyleft:
        swap = (f"; a permissive licence ({', '.join(sorted(_permissive(old.terms_ids)))}) was "
                f"replaced by a copyleft one ({', '.join(sorted(_copyleft(after_ids)))})")
    if missing:
        who = ", ".join(missing)
        return Finding(VIOLATION, kind, f"{what}{swap}; holder(s) {who} did not sign off or ack "
                       "this change", **base)
    if to_copyleft:
        return Finding(WARNING, kind, f"{what}: {CONSENT_WORDS}, but legal is not the same as right"
                       f"{swap}; keep the original notice and add the new terms above it", **base)
    return Finding(CONSENTED, kind, f"{what}: {CONSENT_WORDS}", **base)


def _judge_removed(old, after, consenters):
    base = dict(notice=old.statement, holders=list(old.holders), line_before=old.line,
                terms_before=_describe(old))
    remaining = after.all_ids()
    return _needs_consent("removed", "notice removed", old, consenters, base,
                          after_ids=remaining if remaining else None)


def _judge_orphans(before, after):
    """Permission text with no copyright line in view must survive as it
    was (or with terms only added to it, AND-wise)."""
    findings = []
    candidates = [(o.hunk, o.text, o.expression) for o in after.orphan_terms]
    candidates += [(None, n.terms_text, n.terms_expression) for n in after.notices]
    for hunk, text, expression, _ids in before.orphan_terms:
        if any(other == text or (text in other and _layered(expression, other_expression))
               for _h, other, other_expression in candidates):
            continue
        later = [e for h, _t, e in candidates if h == hunk and e and e != expression]
        findings.append(Finding(
            VIOLATION, "unattributed-terms-changed",
            "permission text changed or removed, and no copyright line in view names its holder, "
            "so consent cannot be checked (judge the whole file: --git, or --repo with the "
            "patch's base)",
            terms_before=_describe_text(expression), terms_after=later[0] if later else ""))
    before_texts = [o.text for o in before.orphan_terms]
    before_texts += [n.terms_text for n in before.notices if n.terms_text]
    for _hunk, text, expression, _ids in after.orphan_terms:
        if any(text == old or old in text for old in before_texts):
            continue
        parsed = _parsed(expression)
        if text.startswith("alternatively") or (parsed is not None and len(parsed) > 1):
            findings.append(Finding(
                VIOLATION, "unattributed-terms-changed",
                "licence alternative added to permission text whose holder is not in view, so "
                "consent cannot be checked (judge the whole file: --git, or --repo with the "
                "patch's base)", terms_after=_describe_text(expression)))
        else:
            findings.append(Finding(INFO, "terms-added", "permission text added",
                                    terms_after=_describe_text(expression)))
    return findings


def _judge_tags(before, after, consenters, fragment):
    """A licence tag changed so that code under the old terms may now be
    used under terms its holders never granted."""
    if not before.tag_expressions or not after.tag_expressions:
        if before.tag_expressions and not after.tag_expressions and not fragment:
            return [Finding(WARNING, "tag-removed", "licence tag removed: "
                            + ", ".join(before.tag_expressions))]
        return []
    old, new = before.tag_expressions[0], after.tag_expressions[0]
    if old == new or _layered(old, new):
        return []
    relying = [n for n in before.notices if n.terms_source == "tag"]
    holders = sorted({h for n in relying for h in n.holders})
    if any(n.terms_source == "tag" for n in after.notices) and relying:
        return []   # reported per notice as a terms change
    missing = _missing_consent(holders, consenters) if holders else ["the file's authors (no notice names them)"]
    base = dict(holders=holders, terms_before=old, terms_after=new)
    if missing:
        return [Finding(VIOLATION, "tag-changed", f"licence tag changed: {old} -> {new}; "
                        f"{', '.join(missing)} did not sign off or ack this change", **base)]
    return [Finding(CONSENTED, "tag-changed", f"licence tag changed: {old} -> {new}: {CONSENT_WORDS}",
                    **base)]


def file_expression(licensing):
    """The licence of a whole file: its tag, else its notices' terms."""
    if licensing.tag_expressions:
        return licensing.tag_expressions[0]
    terms = sorted({n.terms_expression for n in licensing.notices if n.terms_expression})
    terms += sorted({o.expression for o in licensing.orphan_terms if o.expression} - set(terms))
    if not terms:
        return None
    return " AND ".join(f"({t})" if " OR " in t else t for t in terms)


def judge_module_license(change, licensings):
    """Findings for MODULE_LICENSE values this change introduces."""
    findings = []
    for path, (before, after) in licensings.items():
        if after is None:
            continue
        old_values = {spdx.kernel_name(v) for _l, v in before.module_licenses} if before else set()
        for line, value in after.module_licenses:
            value_norm = spdx.kernel_name(value)
            if value_norm in old_values:
                continue
            sources = {}
            if change.tree_reader is not None:
                for other, text in change.tree_reader(os.path.dirname(path)).items():
                    sources[other] = notices.examine(text, other)
            for other, (_b, other_after) in licensings.items():
                if other_after is not None and other.endswith((".c", ".h")) and \
                        (os.path.dirname(other) == os.path.dirname(path) or change.tree_reader is None):
                    sources.setdefault(other, other_after)
            expressions = {}
            for other, licensing in sources.items():
                expression = file_expression(licensing)
                parsed = _parsed(expression)
                if parsed is not None:
                    expressions[other] = parsed
            if not expressions:
                findings.append((path, Finding(INFO, "module-license",
                                               f"MODULE_LICENSE(\"{value}\"): no file licence in "
                                               "view to check it against", line_after=line)))
                continue
            expected = spdx.module_license(spdx.conjoin(expressions.values()))
            combined = spdx.render(spdx.conjoin(expressions.values()))
            if expected == value_norm:
                findings.append((path, Finding(
                    INFO, "module-license", f"MODULE_LICENSE(\"{value}\") agrees with the files "
                    f"({combined}, from {len(expressions)} file(s))", line_after=line)))
            else:
                findings.append((path, Finding(
                    VIOLATION, "module-license",
                    f"MODULE_LICENSE changed to \"{value}\", but the files ({combined}, from "
                    f"{len(expressions)} file(s)) call for "
                    + (f"\"{expected}\"" if expected else "no licence the kernel can load"),
                    terms_after=value, line_after=line)))
    return findings
