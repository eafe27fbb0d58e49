"""Candidate sources stored as line edits of a sibling source: a thinned run directory's kept kernels in little room.

A search's kept kernels are mostly one file with a few lines changed: the tuner's variants differ from their seed
in tunable lines (``BN_BLOCK = 4096``), a CUDA-graphs wrapper adds a few dozen lines around its seed. A thin copy
(`autokernel.search.thin`) that kept each whole held eight 96 KB ShuffleNet kernels that differ in a handful of
lines. Here a source is kept as its base's path plus the line edits that make it from that base (``difflib``'s
opcodes), and read back only when its SHA-256 is the recorded one: a base changed after packing is a missing
source, never a wrong one. Bases are whole files (never packed themselves), so reading is one step.

``packed_sources.json`` in the run directory: ``{"version": 1, "sources": {path: {"base": path, "sha256": hex,
"edits": [[i1, i2, [lines]], ...]}}}``, paths relative to the run directory.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from pathlib import Path

PACKED = "packed_sources.json"
VERSION = 1
# A source is packed only where its edits take at most this share of its size: a small file or a distant base
# is kept whole (a reader should not need the base to read a file that is mostly new).
MAX_SHARE = 0.25


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def edits(base: str, text: str) -> list[list]:
    """The line edits that make ``text`` from ``base``: [[first line, end line, new lines], ...], in order."""
    a, b = base.splitlines(keepends=True), text.splitlines(keepends=True)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return [[i1, i2, b[j1:j2]] for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def apply(base: str, ops: list[list]) -> str:
    """``base`` with the line edits ``ops`` (`edits`) made."""
    lines = base.splitlines(keepends=True)
    out: list[str] = []
    at = 0
    for i1, i2, new in ops:
        out += lines[at:i1]
        out += new
        at = i2
    return "".join(out + lines[at:])


def entry(base_path: str, base: str, text: str) -> tuple[dict, int] | None:
    """The packed record of ``text`` against ``base`` (at ``base_path``) and its edits' size in bytes, or None where
    the edits would take more than `MAX_SHARE` of the text's size."""
    ops = edits(base, text)
    size = len(json.dumps(ops))
    if size > MAX_SHARE * len(text.encode("utf-8")) or apply(base, ops) != text:
        return None
    return {"base": base_path, "sha256": _sha(text), "edits": ops}, size


def write(root: Path, records: dict[str, dict]) -> None:
    """``packed_sources.json`` in ``root`` with ``records`` (none: no file)."""
    target = Path(root) / PACKED
    if records:
        target.write_text(json.dumps({"version": VERSION, "sources": dict(sorted(records.items()))},
                                     separators=(",", ":")) + "\n", encoding="utf-8")
    elif target.exists():
        target.unlink()


class PackedSources:
    """The packed sources of the run directory ``root`` (none when it has no ``packed_sources.json``)."""

    def __init__(self, root: str | Path):
        self.root = Path(root)
        self.records: dict[str, dict] = {}
        path = self.root / PACKED
        if path.is_file():
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("version") != VERSION:
                raise ValueError(f"{path}: packed sources of version {data.get('version')}; this autokernel-kb "
                                 f"reads version {VERSION} (use the version that wrote it)")
            self.records = dict(data.get("sources") or {})

    def __contains__(self, path: str) -> bool:
        return str(path) in self.records

    def read(self, path: str | Path) -> str | None:
        """The source packed at ``path`` (relative to the run directory), or None: not packed, its base missing,
        or the rebuilt text not the one recorded."""
        rec = self.records.get(str(path))
        if rec is None:
            return None
        try:
            base = (self.root / rec["base"]).read_text(encoding="utf-8")
        except OSError:
            return None
        text = apply(base, rec["edits"])
        return text if _sha(text) == rec["sha256"] else None
