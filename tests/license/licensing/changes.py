# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Reads changes to judge: patch files (git format-patch output, mailbox
files, plain unified diffs) or a range of commits of a git repository."""

import email
import email.header
import os
import re
import subprocess
from dataclasses import dataclass, field


class InputError(Exception):
    """Input that cannot be read; the message says which and why."""


@dataclass
class FileChange:
    old_path: str
    new_path: str
    status: str                 # added, deleted, modified, renamed, copied
    binary: bool = False
    before: list = field(default_factory=list)   # texts (whole file or hunks)
    after: list = field(default_factory=list)
    fragment: bool = False      # before/after are hunks, not whole files
    old_blob: str = ""          # from the patch's "index" line
    hunks: list = field(default_factory=list)    # (old start, new start, old lines, new lines)

    @property
    def path(self):
        return self.new_path or self.old_path


@dataclass
class Change:
    source: str
    subject: str
    author: str
    consenters: list            # (trailer, name, address)
    files: list
    tree_reader: object = None  # callable(dir) -> {path: text} after the change


_TRAILER = re.compile(r"^[ \t]*(signed-off-by|acked-by)[ \t]*:[ \t]*(.+?)\s*$", re.I | re.M)
_ADDRESS = re.compile(r"<([^>]*)>")


def trailers(message):
    found = []
    for match in _TRAILER.finditer(message):
        value = match.group(2)
        address = _ADDRESS.search(value)
        name = _ADDRESS.sub("", value).strip().strip('"').strip()
        trailer = "Acked-by" if match.group(1).lower() == "acked-by" else "Signed-off-by"
        found.append((trailer, name, address.group(1) if address else ""))
    return found


# ---------------------------------------------------------------- patches

_MBOX_FROM = re.compile(r"^From \S+.*$")
_HEADER = re.compile(r"^[A-Za-z][A-Za-z0-9-]*:[ \t]")
_DIFF_START = re.compile(r"^(?:diff --git |diff -|Index: |--- \S|\+\+\+ \S)")


def _split_mailbox(text):
    lines = text.split("\n")
    starts = [i for i, line in enumerate(lines)
              if _MBOX_FROM.match(line) and i + 1 < len(lines) and _HEADER.match(lines[i + 1])]
    if not starts:
        return [text]
    bounds = starts + [len(lines)]
    return ["\n".join(lines[a + 1:b]) for a, b in zip(bounds, bounds[1:])]


def _decode_header(value):
    if value is None:
        return ""
    try:
        return str(email.header.make_header(email.header.decode_header(value)))
    except (UnicodeError, LookupError, email.errors.HeaderParseError):
        return str(value)


def _message_body(message):
    parts = message.walk() if message.is_multipart() else [message]
    texts = []
    for part in parts:
        if part.is_multipart():
            continue
        kind = part.get_content_maintype()
        if kind not in ("text", "application") and not part.get_filename():
            continue
        payload = part.get_payload(decode=True)
        if payload is None:
            continue
        charset = part.get_content_charset() or "utf-8"
        try:
            texts.append(payload.decode(charset, errors="replace"))
        except LookupError:
            texts.append(payload.decode("utf-8", errors="replace"))
    return "\n".join(texts)


def read_patch_file(path):
    """The changes in one patch or mailbox file."""
    if os.path.isdir(path):
        raise InputError(f"{path}: is a directory, not a patch")
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror}") from None
    if b"\0" in data[:8192]:
        raise InputError(f"{path}: binary data, not a patch or mailbox")
    text = data.decode("utf-8", errors="replace").replace("\r\n", "\n")
    changes = []
    for number, chunk in enumerate(_split_mailbox(text), 1):
        stripped = chunk.lstrip("\n")
        first = stripped.split("\n", 1)[0]
        if _HEADER.match(first):
            message = email.message_from_string(stripped)
            subject = re.sub(r"\s+", " ", _decode_header(message.get("Subject")))
            author = _decode_header(message.get("From"))
            body = _message_body(message)
        else:
            subject, author, body = "", "", stripped
        diff_at = _find_diff(body)
        if diff_at is None:
            continue
        message_text = body[:diff_at]
        files = parse_diff(body[diff_at:], path)
        label = path if number == 1 and len(changes) == 0 else f"{path} (message {number})"
        changes.append(Change(label, subject, author, trailers(message_text), files))
    if not changes:
        raise InputError(f"{path}: no diff found: not a patch or mailbox of patches")
    return changes


def _find_diff(body):
    offset = 0
    for line in body.split("\n"):
        if _DIFF_START.match(line):
            return offset
        offset += len(line) + 1
    return None


_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def _strip_prefix(path):
    path = path.strip()
    if path.startswith('"') and path.endswith('"'):
        path = path[1:-1].encode("latin-1", "backslashreplace").decode("unicode_escape")
        path = path.encode("latin-1", "replace").decode("utf-8", "replace")
    path = path.split("\t")[0]
    if path == "/dev/null":
        return None
    if path[:2] in ("a/", "b/"):
        return path[2:]
    return path


def parse_diff(text, source):
    """FileChanges of a unified diff (git extended headers understood)."""
    lines = text.split("\n")
    files = []
    current = None
    index = 0

    def start(old, new):
        change = FileChange(old, new, "modified", fragment=True)
        files.append(change)
        return change

    while index < len(lines):
        line = lines[index]
        if line.startswith("diff --git "):
            match = re.match(r'^diff --git ("?a/.*?"?) ("?b/.*"?)$', line)
            old = _strip_prefix(match.group(1)) if match else None
            new = _strip_prefix(match.group(2)) if match else None
            current = start(old, new)
        elif current is not None and line.startswith("new file mode"):
            current.status, current.old_path, current.fragment = "added", None, False
        elif current is not None and line.startswith("deleted file mode"):
            current.status, current.new_path, current.fragment = "deleted", None, False
        elif current is not None and line.startswith(("rename from ", "copy from ")):
            current.old_path = line.split(" ", 2)[2]
            current.status = "renamed" if line.startswith("rename") else "copied"
        elif current is not None and line.startswith(("rename to ", "copy to ")):
            current.new_path = line.split(" ", 2)[2]
        elif current is not None and line.startswith("index "):
            match = re.match(r"^index ([0-9a-f]+)\.\.([0-9a-f]+)", line)
            if match:
                current.old_blob = match.group(1)
        elif line.startswith("Binary files ") or line.startswith("GIT binary patch"):
            if current is None:
                current = start(None, None)
            current.binary = True
        elif line.startswith("--- ") and index + 1 < len(lines) and lines[index + 1].startswith("+++ "):
            old = _strip_prefix(line[4:])
            new = _strip_prefix(lines[index + 1][4:])
            if current is None or current.before or current.after:
                current = start(old, new)
            if old is None:
                current.status, current.old_path, current.fragment = "added", None, False
            elif new is None:
                current.status, current.new_path, current.fragment = "deleted", None, False
            else:
                current.old_path = current.old_path or old
                current.new_path = current.new_path or new
            index += 1
        elif line.startswith("@@ ") and current is not None:
            match = _HUNK.match(line)
            if not match:
                raise InputError(f"{source}: malformed hunk header: {line[:60]!r}")
            old_left = int(match.group(2)) if match.group(2) is not None else 1
            new_left = int(match.group(4)) if match.group(4) is not None else 1
            before, after = [], []
            index += 1
            while (old_left > 0 or new_left > 0) and index < len(lines):
                body = lines[index]
                mark, rest = (body[:1], body[1:]) if body else (" ", "")
                if mark == " ":
                    before.append(rest)
                    after.append(rest)
                    old_left -= 1
                    new_left -= 1
                elif mark == "-":
                    before.append(rest)
                    old_left -= 1
                elif mark == "+":
                    after.append(rest)
                    new_left -= 1
                elif mark == "\\":
                    pass
                else:
                    raise InputError(f"{source}: hunk ends early in {current.path}")
                index += 1
            if old_left > 0 or new_left > 0:
                raise InputError(f"{source}: truncated hunk in {current.path}")
            current.hunks.append((int(match.group(1)), int(match.group(3)), before, after))
            current.before.append("\n".join(before))
            current.after.append("\n".join(after))
            continue
        index += 1
    return files


# ---------------------------------------------------------------- git

class GitRepository:
    def __init__(self, directory):
        self.directory = directory
        self._batch = None

    def run(self, *args, data=None):
        try:
            result = subprocess.run(["git", "-C", self.directory, *args], input=data,
                                    capture_output=True, check=False)
        except FileNotFoundError:
            raise InputError("git is not installed") from None
        if result.returncode != 0:
            message = result.stderr.decode("utf-8", "replace").strip().split("\n")[0]
            raise InputError(f"git {' '.join(args[:2])}: {message}")
        return result.stdout

    def blob(self, sha):
        if self._batch is None:
            self._batch = subprocess.Popen(["git", "-C", self.directory, "cat-file", "--batch"],
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._batch.stdin.write(sha.encode() + b"\n")
        self._batch.stdin.flush()
        header = self._batch.stdout.readline().split()
        if len(header) < 3:
            raise InputError(f"git: object {sha} is missing")
        size = int(header[2])
        data = self._batch.stdout.read(size)
        self._batch.stdout.read(1)
        return data

    def blob_if_present(self, sha):
        """The blob's bytes, or None when the repository lacks it."""
        check = subprocess.run(["git", "-C", self.directory, "cat-file", "-e", sha + "^{blob}"],
                               capture_output=True, check=False)
        return self.blob(sha) if check.returncode == 0 else None

    def close(self):
        if self._batch is not None:
            self._batch.stdin.close()
            self._batch.wait()
            self._batch = None


def _text_of(data):
    if b"\0" in data[:8000]:
        return None
    return data.decode("utf-8", errors="replace")


def read_git_range(directory, revisions):
    """Changes of each non-merge commit in revisions ("A..B", or one
    revision meaning all its history)."""
    repo = GitRepository(directory)
    repo.run("rev-parse", "--git-dir")
    if ".." not in revisions:
        repo.run("rev-parse", "--verify", "--quiet", revisions + "^{commit}")
    commits = repo.run("rev-list", "--reverse", "--no-merges", revisions, "--").decode().split()
    changes = []
    for commit in commits:
        info = repo.run("log", "-1", "--format=%s%x00%an <%ae>%x00%B", commit).decode("utf-8", "replace")
        subject, author, message = info.split("\0", 2)
        raw = repo.run("diff-tree", "-r", "-M", "-z", "--no-commit-id", "--root", commit)
        files = _files_of_diff_tree(repo, raw)
        changes.append(Change(commit[:12], subject, author, trailers(message), files,
                              tree_reader=_tree_reader(repo, commit)))
    return changes, repo


def _files_of_diff_tree(repo, raw):
    fields = raw.decode("utf-8", "surrogateescape").split("\0")
    files = []
    index = 0
    while index < len(fields) and fields[index].startswith(":"):
        meta = fields[index][1:].split()
        old_mode, new_mode, old_sha, new_sha, status = meta[:5]
        kind = status[0]
        if kind in "RC":
            old_path, new_path = fields[index + 1], fields[index + 2]
            index += 3
        else:
            old_path = new_path = fields[index + 1]
            index += 2
        if "160000" in (old_mode, new_mode):
            continue
        names = {"A": "added", "D": "deleted", "M": "modified", "R": "renamed",
                 "C": "copied", "T": "modified"}
        change = FileChange(None if kind == "A" else old_path,
                            None if kind == "D" else new_path, names.get(kind, "modified"))
        before = _text_of(repo.blob(old_sha)) if kind != "A" else ""
        after = _text_of(repo.blob(new_sha)) if kind != "D" else ""
        if before is None or after is None:
            change.binary = True
        else:
            change.before, change.after = [before], [after]
        files.append(change)
    return files


def _tree_reader(repo, commit):
    def read(directory):
        listing = repo.run("ls-tree", "-z", commit, "--", (directory.rstrip("/") + "/") if directory else ".")
        texts = {}
        for entry in listing.decode("utf-8", "surrogateescape").split("\0"):
            if not entry:
                continue
            meta, path = entry.split("\t", 1)
            mode, kind, sha = meta.split()
            if kind != "blob" or not path.endswith((".c", ".h")):
                continue
            text = _text_of(repo.blob(sha))
            if text is not None:
                texts[path] = text
        return texts
    return read


def apply_hunks(original, hunks):
    """The new text from the old one, or None if the hunks do not fit."""
    lines = original.split("\n")
    result = []
    position = 0
    for old_start, _new_start, old_lines, new_lines in hunks:
        start = old_start - 1 if old_lines else old_start
        if start < position or lines[start:start + len(old_lines)] != old_lines:
            return None
        result.extend(lines[position:start])
        result.extend(new_lines)
        position = start + len(old_lines)
    result.extend(lines[position:])
    return "\n".join(result)


def complete_from_repository(change, repo):
    """Turn hunks into whole files when the repository has the base blob."""
    for file_change in change.files:
        if not file_change.fragment or not file_change.old_blob or file_change.binary:
            continue
        data = repo.blob_if_present(file_change.old_blob)
        text = _text_of(data) if data is not None else None
        if text is None:
            continue
        new_text = apply_hunks(text, file_change.hunks)
        if new_text is None:
            continue
        file_change.before, file_change.after = [text], [new_text]
        file_change.fragment = False
