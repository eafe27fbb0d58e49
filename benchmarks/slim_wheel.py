"""A wheel too big to carry to the lent GPU machine (64 MiB a call), unpacked without the parts a run never imports
and packed as .tar.xz; `benchmarks/device_run.sh` unpacks every ``.whl/*.tar.xz`` into its site folder.

Ray's cp312 wheel is 79 MB; without its Java jars, RLlib, Data, Serve, Tune, Train and the LLM package (none of which
`run --backend ray` imports) it packs to about 30 MB:

    python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \\
        --platform manylinux2014_x86_64 -d /tmp/wheels ray==2.60.0
    python benchmarks/slim_wheel.py /tmp/wheels/ray-2.60.0-*.whl --drop ray/jars ray/rllib ray/data ray/serve \\
        ray/tune ray/train ray/air ray/workflow ray/llm --out .whl/ray-2.60.0-slim.tar.xz

Ray's own requirements the machine lacks (jsonschema, jsonschema-specifications, referencing, rpds-py) travel as
ordinary wheels beside it.
"""

from __future__ import annotations

import argparse
import io
import lzma
import sys
import tarfile
import zipfile
from pathlib import Path


def slim(wheel: Path, drop: list[str], out: Path) -> tuple[int, int]:
    """Write ``out`` (.tar.xz) with every member of ``wheel`` except those under ``drop``; (files kept, dropped)."""
    prefixes = [d.rstrip("/") + "/" for d in drop]
    kept = dropped = 0
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as zf, lzma.open(out, "wb", preset=6) as xz, tarfile.open(fileobj=xz, mode="w") as tar:
        for info in zf.infolist():
            if info.is_dir():
                continue
            if any(info.filename.startswith(p) for p in prefixes):
                dropped += 1
                continue
            data = zf.read(info)
            member = tarfile.TarInfo(info.filename)
            member.size = len(data)
            member.mode = (info.external_attr >> 16) & 0o777 or 0o644
            tar.addfile(member, io.BytesIO(data))
            kept += 1
    return kept, dropped


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("wheel", type=Path)
    p.add_argument("--drop", nargs="*", default=[], help="folders inside the wheel to leave out (ray/jars ...)")
    p.add_argument("--out", type=Path, required=True, help="the .tar.xz to write (under .whl/ to carry it)")
    args = p.parse_args(argv)
    if not args.wheel.is_file():
        p.error(f"{args.wheel}: no such wheel")
    kept, dropped = slim(args.wheel, args.drop, args.out)
    print(f"{args.out}: {kept} files kept, {dropped} dropped, {args.out.stat().st_size / 2**20:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
