"""OS confinement for the candidate process (Linux): what could be applied, and why not otherwise.

Called in the candidate process before torch or candidate code is imported, while it has one
thread. Each measure reports "applied" or the reason it was not, so the verdict can say plainly
which confinement held.
- no network: a fresh network namespace (only loopback, down), else Landlock's TCP rules (ABI >= 4);
- no writes outside the scratch directory (and /dev, /dev/shm for the GPU driver and IPC): Landlock;
- an address-space cap (CPU only: CUDA reserves huge virtual ranges) and no core dumps: rlimits.
"""

from __future__ import annotations

import ctypes
import os
import resource
import struct

_SYS_LANDLOCK_CREATE_RULESET = 444  # same number on x86_64 and aarch64
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38
_CLONE_NEWNET = 0x40000000
_CLONE_NEWUSER = 0x10000000

# Landlock filesystem rights (ABI 1 .. 3)
_FS_EXECUTE = 1 << 0
_FS_WRITE_FILE = 1 << 1
_FS_READ_FILE = 1 << 2
_FS_READ_DIR = 1 << 3
_FS_REMOVE_DIR = 1 << 4
_FS_REMOVE_FILE = 1 << 5
_FS_MAKE_CHAR = 1 << 6
_FS_MAKE_DIR = 1 << 7
_FS_MAKE_REG = 1 << 8
_FS_MAKE_SOCK = 1 << 9
_FS_MAKE_FIFO = 1 << 10
_FS_MAKE_BLOCK = 1 << 11
_FS_MAKE_SYM = 1 << 12
_FS_REFER = 1 << 13  # ABI 2
_FS_TRUNCATE = 1 << 14  # ABI 3
_NET_BIND_TCP = 1 << 0  # ABI 4
_NET_CONNECT_TCP = 1 << 1

_WRITE_RIGHTS = (
    _FS_WRITE_FILE | _FS_REMOVE_DIR | _FS_REMOVE_FILE | _FS_MAKE_CHAR | _FS_MAKE_DIR | _FS_MAKE_REG
    | _FS_MAKE_SOCK | _FS_MAKE_FIFO | _FS_MAKE_BLOCK | _FS_MAKE_SYM
)


def _libc():
    return ctypes.CDLL(None, use_errno=True)


def _err() -> str:
    return os.strerror(ctypes.get_errno())


def limit_resources(memory_limit_mb: int | None) -> dict[str, str]:
    report = {}
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        report["core_dumps"] = "disabled"
    except (ValueError, OSError) as exc:
        report["core_dumps"] = f"not disabled: {exc}"
    if memory_limit_mb:
        cap = memory_limit_mb * 1024 * 1024
        try:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
            report["memory"] = f"address space capped at {memory_limit_mb} MB"
        except (ValueError, OSError) as exc:
            report["memory"] = f"not capped: {exc}"
    return report


def isolate_network() -> str:
    """Move into an empty network namespace: no route to anything, loopback down."""
    libc = _libc()
    if libc.unshare(_CLONE_NEWNET) == 0:
        return "applied (empty network namespace)"
    first = _err()
    # Unprivileged: a user namespace first. Only the network moves; uid maps stay as they were.
    if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET) == 0:
        return "applied (user + network namespace)"
    return f"not applied: unshare failed ({first}; with a user namespace: {_err()})"


def landlock(writable: list[str], *, deny_tcp: bool) -> tuple[str, str]:
    """Restrict writes to ``writable`` (and TCP when ABI >= 4). Returns (filesystem, network) reports."""
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    abi = libc.syscall(_SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0),
                       ctypes.c_uint32(_LANDLOCK_CREATE_RULESET_VERSION))
    if abi < 0:
        reason = f"not applied: Landlock unavailable ({_err()})"
        return reason, reason
    fs_rights = _WRITE_RIGHTS | (_FS_REFER if abi >= 2 else 0) | (_FS_TRUNCATE if abi >= 3 else 0)
    net_rights = (_NET_BIND_TCP | _NET_CONNECT_TCP) if (deny_tcp and abi >= 4) else 0
    # struct landlock_ruleset_attr { u64 handled_access_fs; u64 handled_access_net; }
    attr = struct.pack("QQ", fs_rights, net_rights) if abi >= 4 else struct.pack("Q", fs_rights)
    attr_buf = ctypes.create_string_buffer(attr)
    fd = libc.syscall(_SYS_LANDLOCK_CREATE_RULESET, attr_buf, ctypes.c_size_t(len(attr)), ctypes.c_uint32(0))
    if fd < 0:
        reason = f"not applied: landlock_create_ruleset failed ({_err()})"
        return reason, reason
    allowed = []
    try:
        for path in writable:
            if not os.path.exists(path):
                continue
            pfd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            try:
                # struct landlock_path_beneath_attr { u64 allowed_access; s32 parent_fd; } __attribute__((packed))
                rule = ctypes.create_string_buffer(struct.pack("=Qi", fs_rights, pfd))
                if libc.syscall(_SYS_LANDLOCK_ADD_RULE, ctypes.c_int(fd), ctypes.c_int(_LANDLOCK_RULE_PATH_BENEATH),
                                rule, ctypes.c_uint32(0)) == 0:
                    allowed.append(path)
            finally:
                os.close(pfd)
        if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            reason = f"not applied: no_new_privs failed ({_err()})"
            return reason, reason
        if libc.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(fd), ctypes.c_uint32(0)) != 0:
            reason = f"not applied: landlock_restrict_self failed ({_err()})"
            return reason, reason
    finally:
        os.close(fd)
    fs = f"applied (Landlock ABI {abi}): writes only beneath {', '.join(allowed)}"
    if net_rights:
        net = f"TCP bind/connect denied (Landlock ABI {abi})"
    else:
        net = f"not applied by Landlock (ABI {abi} < 4)" if deny_tcp else "not requested"
    return fs, net


def confine(scratch: str, *, device: str, memory_limit_mb: int | None) -> dict[str, str]:
    """Apply every measure that this machine allows; return what held, measure by measure."""
    report = limit_resources(memory_limit_mb if device == "cpu" else None)
    if device != "cpu":
        report["memory"] = "GPU memory capped by a per-process fraction (set after torch loads)"
    report["network"] = isolate_network()
    writable = [scratch, "/dev", "/dev/shm", "/proc/self"]
    fs, net = landlock(writable, deny_tcp=True)
    report["filesystem"] = fs
    if not report["network"].startswith("applied"):
        report["network"] = f"{report['network']}; Landlock: {net}"
    return report
