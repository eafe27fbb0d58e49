"""Triton's cache manager inside a candidate process: its own cache first, then the backend's shared kernels.

Named by ``TRITON_CACHE_MANAGER`` (`shared_kernels.candidate_env`); imports Triton, so only a process that compiles
loads it. Writes go to the process's own cache only: the shared folder is read, never written, from here.
"""

from __future__ import annotations

import json
import os

from triton.runtime.cache import FileCacheManager

from autokernel.evaluate.shared_kernels import ENV


class ReadThroughCache(FileCacheManager):
    """A `FileCacheManager` (this process's cache, ``TRITON_CACHE_DIR``) that also finds whole entries of the
    folder in ``AUTOKERNEL_SHARED_KERNELS``. Triton's own index lists absolute paths in the cache that wrote it,
    so a shared entry's files are found by name beside its index."""

    def __init__(self, key, override=False, dump=False):
        super().__init__(key, override=override, dump=dump)
        folder = os.environ.get(ENV, "")
        self.shared_dir = os.path.join(folder, key) if folder and not (override or dump) else ""

    def _shared(self, filename: str) -> str | None:
        if not self.shared_dir:
            return None
        path = os.path.join(self.shared_dir, filename)
        return path if os.path.isfile(path) else None

    def get_file(self, filename):
        return super().get_file(filename) or self._shared(filename)

    def get_group(self, filename: str):
        own = super().get_group(filename)
        if own is not None:
            return own
        index = self._shared(f"__grp__{filename}")
        if index is None:
            return None
        try:
            with open(index) as f:
                children = json.load(f).get("child_paths")
        except (OSError, ValueError):
            return None
        if not isinstance(children, dict):
            return None
        found = {}
        for name in children:
            path = self._shared(name)
            if path is None:
                return None
            found[name] = path
        return found
