"""A janitor process per judge: when the judge ends, however it ends, the candidate processes it still had are
killed and the scratch folders it still had are removed.

The judge's own cleanup (`CandidateProcess.close`, the reaper, interpreter exit) covers the exits that run Python
code; nothing in the judge runs after ``kill -9`` or a default SIGTERM, and a candidate stopped while a neighbour is
timed (SIGSTOP) cannot notice that its judge is gone (its own watchdog thread is stopped too). The janitor is a
small interpreter in a session of its own that reads registrations from a pipe; the pipe's end of file means the
judge is gone, whatever the reason. It imports nothing of this project (it runs this file as a script).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading

_lock = threading.Lock()
_janitor: tuple[int, subprocess.Popen] | None = None  # (the judge's pid, its janitor)


def _send(op: str, **item) -> None:
    """Tell this process's janitor (started on first use; one per process, a forked child gets its own)."""
    global _janitor
    line = (json.dumps({"op": op, **item}) + "\n").encode()
    with _lock:
        if _janitor is None or _janitor[0] != os.getpid():
            if op.startswith("-"):
                return  # nothing registered in this process
            try:
                proc = subprocess.Popen([sys.executable, "-I", "-S", os.path.abspath(__file__)],
                                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        start_new_session=True)
            except OSError:
                return  # best effort: the judge's own cleanup still runs on ordinary exits
            _janitor = (os.getpid(), proc)
        with contextlib.suppress(OSError, ValueError):
            _janitor[1].stdin.write(line)
            _janitor[1].stdin.flush()


def watch_process(pgid: int) -> None:
    """Kill candidate process group ``pgid`` if the judge ends before `forget_process`."""
    _send("+pgid", pgid=pgid)


def forget_process(pgid: int) -> None:
    _send("-pgid", pgid=pgid)


def watch_dir(path: str) -> None:
    """Remove folder ``path`` if the judge ends before `forget_dir`."""
    _send("+dir", path=os.path.abspath(path))


def forget_dir(path: str) -> None:
    _send("-dir", path=os.path.abspath(path))


def _is_candidate(pgid: int) -> bool:
    """Whether ``pgid`` still is a candidate interpreter (a pid may be reused once its process is reaped); where
    /proc cannot say, it is taken to be one."""
    try:
        with open(f"/proc/{pgid}/cmdline", "rb") as f:
            return b"autokernel.evaluate._child" in f.read()
    except FileNotFoundError:
        return not os.path.isdir("/proc/self")
    except OSError:
        return True


def _clean_up(pgids: set[int], dirs: set[str]) -> None:
    for pgid in pgids:
        if _is_candidate(pgid):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pgid, signal.SIGKILL)
    for path in dirs:
        shutil.rmtree(path, ignore_errors=True)


def _main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the judge's to handle; the janitor cleans after it
    pgids: set[int] = set()
    dirs: set[str] = set()
    for raw in sys.stdin.buffer:
        try:
            msg = json.loads(raw)
            op = msg["op"]
        except (ValueError, KeyError, TypeError):
            continue
        if op == "+pgid":
            pgids.add(int(msg["pgid"]))
        elif op == "-pgid":
            pgids.discard(int(msg["pgid"]))
        elif op == "+dir":
            dirs.add(str(msg["path"]))
        elif op == "-dir":
            dirs.discard(str(msg["path"]))
    _clean_up(pgids, dirs)  # end of file: the judge is gone
    return 0


if __name__ == "__main__":
    sys.exit(_main())
