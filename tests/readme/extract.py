#!/usr/bin/env python3
"""Writes the README's tested code blocks to files.

A block is tested when the line before its opening fence (blank lines
between are allowed) is a marker

    <!-- test: KIND FILE -->

KIND is c, cuda or python; the block's text goes to OUTDIR/KIND/FILE. Blocks
without a marker (shell commands, fragments) are left alone. A marker that is
not followed by a fence, an unknown kind, a file named twice, or a kind with
no block at all is an error: a README that lost its markers must not pass.

    extract.py README.md OUTDIR      # prints "KIND FILE LINE" for each block
"""
import os
import re
import sys

KINDS = ("c", "cuda", "python")
MARKER = re.compile(r"^<!--\s*test:\s*(\S+)\s+(\S+)\s*-->\s*$")
FENCE = re.compile(r"^(```+|~~~+)")


def blocks(lines):
    """(kind, file, line number of the fence, text) for each marked block."""
    out = []
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        if not m:
            i += 1
            continue
        kind, name, at = m.group(1), m.group(2), i + 1
        if kind not in KINDS:
            raise SystemExit("README line %d: unknown kind %r (%s)" % (at, kind, ", ".join(KINDS)))
        if os.path.basename(name) != name or name.startswith("."):
            raise SystemExit("README line %d: %r is not a plain file name" % (at, name))
        i += 1
        while i < len(lines) and not lines[i].strip():
            i += 1
        f = FENCE.match(lines[i]) if i < len(lines) else None
        if not f:
            raise SystemExit("README line %d: the marker is not followed by a code fence" % at)
        fence, start = f.group(1), i + 1
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith(fence):
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit("README line %d: the code block does not end" % start)
        i += 1
        out.append((kind, name, start, "".join(body)))
    return out


def main(argv):
    if len(argv) != 3:
        raise SystemExit("usage: extract.py README.md OUTDIR")
    with open(argv[1], encoding="utf-8") as f:
        found = blocks(f.readlines())
    seen = set()
    for kind, name, start, _ in found:
        if (kind, name) in seen:
            raise SystemExit("README line %d: %s/%s is marked twice" % (start, kind, name))
        seen.add((kind, name))
    missing = [k for k in KINDS if not any(b[0] == k for b in found)]
    if missing:
        raise SystemExit("README: no tested block of kind %s" % ", ".join(missing))
    for kind, name, start, text in found:
        d = os.path.join(argv[2], kind)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, name), "w", encoding="utf-8") as f:
            f.write(text)
        print(kind, name, start)


if __name__ == "__main__":
    main(sys.argv)
