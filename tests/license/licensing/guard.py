# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""notice-guard: reports what patches do to copyright and permission
notices.  Exit 1 on violations, 0 otherwise, 2 on unreadable input."""

import argparse
import io
import json
import os
import sys

from . import changes as changes_mod
from . import judge

USAGE = """notice-guard [--json|--brief] PATCH...    patches, format-patch files or mailboxes
       notice-guard [--json|--brief] --git A..B [--repo DIR]   commits of a repository
                                         (--git REV: every commit up to REV)"""

SEVERITY_LABEL = {
    judge.VIOLATION: "VIOLATION",
    judge.WARNING: "WARNING",
    judge.CONSENTED: "consented",
    judge.INFO: "ok",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise changes_mod.InputError(f"usage: {message}\n{USAGE}")


def parse_args(argv):
    parser = _Parser(prog="notice-guard", usage=USAGE, description=__doc__)
    parser.add_argument("patches", nargs="*", help="patch or mailbox files")
    parser.add_argument("--git", metavar="RANGE", help="judge the commits of RANGE")
    parser.add_argument("--repo", help="repository for --git (default: .); with patches, a "
                        "repository holding their base, so whole files are judged, not hunks")
    parser.add_argument("--json", action="store_true", help="machine-readable report")
    parser.add_argument("--brief", action="store_true",
                        help="show only the changes with violations, warnings or consents")
    args = parser.parse_args(argv)
    if bool(args.patches) == bool(args.git):
        raise changes_mod.InputError(f"give either patch files or --git RANGE\n{USAGE}")
    return args


def judge_change(change):
    verdicts = []
    licensings = {}
    for file_change in change.files:
        verdict, before, after = judge.judge_file(file_change, change.consenters)
        verdicts.append(verdict)
        if after is not None:
            licensings[file_change.path] = (before, after)
    by_path = {v.path: v for v in verdicts}
    for path, finding in judge.judge_module_license(change, licensings):
        by_path[path].findings.append(finding)
    return verdicts


def render_text(results, out, brief=False):
    violations = warnings = 0
    for change, verdicts in results:
        notable = [f for v in verdicts for f in v.findings if f.severity != judge.INFO]
        if brief and not notable:
            continue
        title = f"\"{change.subject}\"" if change.subject else "(no subject)"
        out.write(f"{change.source}: {title}\n")
        if change.author:
            out.write(f"  author: {change.author}\n")
        signers = ", ".join(f"{name} ({trailer})" for trailer, name, _a in change.consenters)
        out.write(f"  signed off or acked by: {signers or 'nobody'}\n")
        for verdict in verdicts:
            if brief and all(f.severity == judge.INFO for f in verdict.findings):
                continue
            status = verdict.status + (f" from {verdict.old_path}" if verdict.old_path else "")
            out.write(f"  {verdict.path} ({status})\n")
            for finding in verdict.findings:
                violations += finding.severity == judge.VIOLATION
                warnings += finding.severity == judge.WARNING
                label = SEVERITY_LABEL[finding.severity]
                where = ""
                if finding.line_after or finding.line_before:
                    where = f" [line {finding.line_after or finding.line_before}]"
                out.write(f"    {label:<9} {finding.message}{where}\n")
                if finding.notice:
                    out.write(f"              notice: {finding.notice}\n")
                if finding.holders and finding.severity != judge.INFO:
                    out.write(f"              holder(s): {', '.join(finding.holders)}\n")
                if finding.terms_before and finding.severity != judge.INFO:
                    after = f" -> {finding.terms_after}" if finding.terms_after else ""
                    out.write(f"              terms: {finding.terms_before}{after}\n")
            if not verdict.findings:
                out.write("    ok        no copyright notice involved\n")
    out.write(f"notice-guard: {len(results)} change(s), {violations} violation(s), "
              f"{warnings} warning(s)\n")
    return violations


def render_json(results, out):
    document = {"changes": [], "violations": 0, "warnings": 0}
    for change, verdicts in results:
        entry = {"source": change.source, "subject": change.subject, "author": change.author,
                 "consent": [{"trailer": t, "name": n, "address": a} for t, n, a in change.consenters],
                 "files": []}
        for verdict in verdicts:
            entry["files"].append({"path": verdict.path, "old_path": verdict.old_path,
                                   "status": verdict.status,
                                   "findings": [f.as_dict() for f in verdict.findings]})
            for finding in verdict.findings:
                document["violations"] += finding.severity == judge.VIOLATION
                document["warnings"] += finding.severity == judge.WARNING
        document["changes"].append(entry)
    json.dump(document, out, indent=2, ensure_ascii=False)
    out.write("\n")
    return document["violations"]


def main(argv=None):
    repo = None
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        if args.git:
            found, repo = changes_mod.read_git_range(args.repo or ".", args.git)
        else:
            found = []
            for path in args.patches:
                found.extend(changes_mod.read_patch_file(path))
            if args.repo:
                repo = changes_mod.GitRepository(args.repo)
                repo.run("rev-parse", "--git-dir")
                for change in found:
                    changes_mod.complete_from_repository(change, repo)
        results = [(change, judge_change(change)) for change in found]
    except changes_mod.InputError as error:
        sys.stderr.write(f"notice-guard: {error}\n")
        return 2
    except (OSError, UnicodeError) as error:
        sys.stderr.write(f"notice-guard: cannot read the input: {error}\n")
        return 2
    finally:
        if repo is not None:
            repo.close()
    report = io.StringIO()
    if args.json:
        violations = render_json(results, report)
    else:
        violations = render_text(results, report, brief=args.brief)
    try:
        sys.stdout.write(report.getvalue())
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader left early (e.g. head); the verdict still stands.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1 if violations else 0
