"""A small Hub-compatible HTTP server on 127.0.0.1 for kernel-repository round trips in tests.

It serves the calls huggingface_hub (upload) and kernels (get_kernel) make for ``repo_type="kernel"``
repositories: repo creation, branches, refs, trees, preupload, NDJSON commits (optionally as pull
requests), file resolution, repo info and organisation overviews (publisher trust). State is in
memory; each commit is a full snapshot, so a branch is a pointer to a commit id.

Example:
    hub = FakeHub(token="hf_test", trusted_orgs={"kernels-community"}).start()
    ...  # HfApi(endpoint=hub.url, token="hf_test"); env HF_ENDPOINT=hub.url for subprocesses
    hub.stop()
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

_TYPES = {"kernels": "kernel", "models": "model", "datasets": "dataset", "spaces": "space"}


@dataclass
class _Repo:
    repo_type: str
    commits: dict[str, dict[str, bytes]] = field(default_factory=dict)  # sha -> {path: content}
    branches: dict[str, str] = field(default_factory=dict)  # name -> sha
    prs: dict[int, str] = field(default_factory=dict)  # number -> sha (refs/pr/<n>)
    pr_targets: dict[int, str] = field(default_factory=dict)  # number -> base branch


@dataclass
class FakeHub:
    """In-memory Hub. ``token``: required bearer token for writes (None: any); ``forbid_create``: 403 on create."""

    token: str | None = "hf_fake_token"
    trusted_orgs: set[str] = field(default_factory=set)
    forbid_create: bool = False
    repos: dict[str, _Repo] = field(default_factory=dict)
    requests: list[str] = field(default_factory=list)  # "METHOD path" log, for assertions and debugging

    def start(self) -> FakeHub:
        handler = type("Handler", (_Handler,), {"hub": self})
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def files(self, repo_id: str, revision: str) -> dict[str, bytes]:
        repo = self.repos[repo_id]
        return repo.commits[self._resolve(repo, revision)]

    # -- internals -------------------------------------------------------------------------------

    def _lock(self) -> threading.Lock:
        if not hasattr(self, "_mutex"):
            self._mutex = threading.Lock()
        return self._mutex

    def _resolve(self, repo: _Repo, revision: str) -> str:
        revision = unquote(revision)
        if revision in repo.branches:
            return repo.branches[revision]
        if (m := re.fullmatch(r"refs/pr/(\d+)", revision)) and int(m.group(1)) in repo.prs:
            return repo.prs[int(m.group(1))]
        if revision in repo.commits:
            return revision
        raise KeyError(revision)

    def _new_commit(self, repo: _Repo, files: dict[str, bytes], message: str) -> str:
        sha = hashlib.sha1(f"{len(repo.commits)}:{message}:{sorted(files)}".encode()).hexdigest()
        repo.commits[sha] = files
        return sha


def _blob_oid(content: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(content) + content).hexdigest()


class _Handler(BaseHTTPRequestHandler):
    hub: FakeHub
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # quiet: the hub keeps its own request log
        pass

    # -- plumbing ---------------------------------------------------------------------------------

    def _send(
        self, status: int, body=None, *, headers: dict[str, str] | None = None, raw: bytes | None = None
    ):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
        self.send_response(status)
        self.send_header("Content-Type", "application/json" if raw is None else "application/octet-stream")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _error(self, status: int, message: str, code: str | None = None):
        self._send(status, {"error": message}, headers={"X-Error-Code": code} if code else None)

    def _body(self) -> bytes:
        return self._raw_body

    def _authorized(self) -> bool:
        if self.hub.token is None:
            return True
        return self.headers.get("Authorization") == f"Bearer {self.hub.token}"

    def _repo(self, repo_id: str) -> _Repo | None:
        repo = self.hub.repos.get(repo_id)
        if repo is None:
            self._error(404, f"Repository {repo_id} not found", "RepoNotFound")
        return repo

    def do_HEAD(self):
        self._dispatch()

    def do_GET(self):
        self._dispatch()

    def do_POST(self):
        self._dispatch()

    def _dispatch(self):
        url = urlsplit(self.path)
        path, query = url.path, parse_qs(url.query)
        self.hub.requests.append(f"{self.command} {self.path}")
        # Read the whole body up front: an unread body would corrupt the next request on a kept-alive connection.
        length = int(self.headers.get("Content-Length") or 0)
        self._raw_body = self.rfile.read(length) if length else b""
        with self.hub._lock():
            for method, pattern, handler in _ROUTES:
                if method == self.command or (method == "GET" and self.command == "HEAD"):
                    match = re.fullmatch(pattern, path)
                    if match:
                        return handler(self, query, *match.groups())
        self._error(404, f"fake hub: no route for {self.command} {path}")

    # -- handlers ---------------------------------------------------------------------------------

    def create_repo(self, query):
        if not self._authorized():
            return self._error(401, "Invalid credentials in Authorization header")
        payload = json.loads(self._body() or b"{}")
        repo_id = (
            f"{payload['organization']}/{payload['name']}" if payload.get("organization") else payload["name"]
        )
        repo_type = payload.get("type", "model")
        url = f"{self.hub.url}/{repo_type}s/{repo_id}"
        if self.hub.forbid_create:
            return self._error(403, "You don't have the rights to create kernel repositories")
        if repo_id in self.hub.repos:
            return self._send(409, {"error": "You already created this repo", "url": url})
        repo = _Repo(repo_type=repo_type)
        repo.branches["main"] = self.hub._new_commit(repo, {".gitattributes": b""}, "initial commit")
        self.hub.repos[repo_id] = repo
        self._send(200, {"url": url, "name": repo_id})

    def create_branch(self, query, rtype, repo_id, branch):
        if not self._authorized():
            return self._error(401, "Invalid credentials in Authorization header")
        if (repo := self._repo(repo_id)) is None:
            return
        branch = unquote(branch)
        if branch in repo.branches:
            return self._error(409, f"Branch {branch} already exists")
        payload = json.loads(self._body() or b"{}")
        start = payload.get("startingPoint") or "main"
        repo.branches[branch] = self.hub._resolve(repo, start)
        self._send(200, {})

    def refs(self, query, rtype, repo_id):
        if (repo := self._repo(repo_id)) is None:
            return
        branches = [
            {"name": n, "ref": f"refs/heads/{n}", "targetCommit": s} for n, s in repo.branches.items()
        ]
        body = {"branches": branches, "tags": [], "converts": []}
        if query.get("include_prs"):
            body["pullRequests"] = [
                {"name": f"refs/pr/{n}", "ref": f"refs/pr/{n}", "targetCommit": s}
                for n, s in repo.prs.items()
            ]
        self._send(200, body)

    def repo_info(self, query, rtype, repo_id, revision=None):
        if (repo := self._repo(repo_id)) is None:
            return
        try:
            sha = self.hub._resolve(repo, revision or "main")
        except KeyError:
            return self._error(404, f"Revision {revision} not found", "RevisionNotFound")
        siblings = [{"rfilename": p} for p in sorted(repo.commits[sha])]
        self._send(200, {"id": repo_id, "sha": sha, "siblings": siblings, "private": False, "tags": []})

    def tree(self, query, rtype, repo_id, revision, prefix=""):
        if (repo := self._repo(repo_id)) is None:
            return
        try:
            sha = self.hub._resolve(repo, revision)
        except KeyError:
            return self._error(404, f"Revision {revision} not found", "RevisionNotFound")
        prefix = unquote(prefix or "").strip("/")
        recursive = query.get("recursive", ["false"])[0].lower() in ("1", "true")
        files = repo.commits[sha]
        base = f"{prefix}/" if prefix else ""
        under = {p: c for p, c in files.items() if p.startswith(base)}
        if prefix and not under:
            return self._error(404, f"{prefix} not found", "EntryNotFound")
        entries: dict[str, dict] = {}
        for path, content in sorted(under.items()):
            parts = path[len(base) :].split("/")
            for depth in range(1, len(parts)):
                folder = base + "/".join(parts[:depth])
                if (recursive or depth == 1) and folder not in entries:
                    entries[folder] = {
                        "type": "directory",
                        "oid": _blob_oid(folder.encode()),
                        "size": 0,
                        "path": folder,
                    }
            if recursive or len(parts) == 1:
                entries[path] = {
                    "type": "file",
                    "oid": _blob_oid(content),
                    "size": len(content),
                    "path": path,
                }
        self._send(200, list(entries.values()))

    def resolve(self, query, rtype, repo_id, revision, path):
        repo = self.hub.repos.get(repo_id)
        if repo is None:
            return self._error(404, "Repository not found", "RepoNotFound")
        try:
            sha = self.hub._resolve(repo, revision)
        except KeyError:
            return self._error(404, f"Revision {revision} not found", "RevisionNotFound")
        content = repo.commits[sha].get(unquote(path))
        if content is None:
            return self._error(404, f"Entry {path} not found", "EntryNotFound")
        headers = {"X-Repo-Commit": sha, "ETag": f'"{_blob_oid(content)}"'}
        self._send(200, headers=headers, raw=content)

    def preupload(self, query, rtype, repo_id, revision):
        if not self._authorized():
            return self._error(401, "Invalid credentials in Authorization header")
        if self._repo(repo_id) is None:
            return
        payload = json.loads(self._body() or b"{}")
        files = [
            {"path": f["path"], "uploadMode": "regular", "shouldIgnore": False} for f in payload["files"]
        ]
        self._send(200, {"files": files, "commitOid": None})

    def commit(self, query, rtype, repo_id, revision):
        if not self._authorized():
            return self._error(401, "Invalid credentials in Authorization header")
        if (repo := self._repo(repo_id)) is None:
            return
        revision = unquote(revision)
        try:
            base_sha = self.hub._resolve(repo, revision)
        except KeyError:
            return self._error(404, f"Revision {revision} not found", "RevisionNotFound")
        files = dict(repo.commits[base_sha])
        summary = ""
        for line in self._body().decode().splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            key, value = item["key"], item["value"]
            if key == "header":
                summary = value.get("summary", "")
            elif key == "file":
                files[value["path"]] = base64.b64decode(value["content"])
            elif key == "deletedFile":
                files.pop(value["path"], None)
            elif key == "deletedFolder":
                folder = value["path"].rstrip("/") + "/"
                files = {p: c for p, c in files.items() if not p.startswith(folder)}
            else:
                return self._error(400, f"fake hub: unsupported commit operation {key}")
        sha = self.hub._new_commit(repo, files, summary)
        body = {"commitOid": sha, "commitUrl": f"{self.hub.url}/{rtype}/{repo_id}/commit/{sha}"}
        if query.get("create_pr", ["0"])[0] in ("1", "true", "True"):
            number = len(repo.prs) + 1
            repo.prs[number] = sha
            repo.pr_targets[number] = revision
            body["pullRequestUrl"] = f"{self.hub.url}/{rtype}/{repo_id}/discussions/{number}"
        else:
            repo.branches[revision] = sha
        self._send(200, body)

    def validate_yaml(self, query):
        self._body()
        self._send(200, {"errors": [], "warnings": []})

    def org_overview(self, query, org):
        self._send(
            200, {"name": org, "fullname": org, "trustedKernelPublisher": org in self.hub.trusted_orgs}
        )


_T = r"(kernels|models|datasets|spaces)"
_R = r"([^/]+/[^/]+)"
_ROUTES = [
    ("POST", r"/api/repos/create", _Handler.create_repo),
    ("POST", rf"/api/{_T}/{_R}/branch/(.+)", _Handler.create_branch),
    ("GET", rf"/api/{_T}/{_R}/refs", _Handler.refs),
    ("GET", rf"/api/{_T}/{_R}/revision/([^/]+)", _Handler.repo_info),
    ("GET", rf"/api/{_T}/{_R}/tree/([^/]+)(?:/(.*))?", _Handler.tree),
    ("POST", rf"/api/{_T}/{_R}/preupload/([^/]+)", _Handler.preupload),
    ("POST", rf"/api/{_T}/{_R}/commit/([^/]+)", _Handler.commit),
    ("POST", r"/api/validate-yaml", _Handler.validate_yaml),
    ("GET", r"/api/organizations/([^/]+)/overview", _Handler.org_overview),
    ("GET", rf"/api/{_T}/{_R}", _Handler.repo_info),
    ("GET", rf"/{_T}/{_R}/resolve/([^/]+)/(.+)", _Handler.resolve),
]


def main() -> None:
    """Run standalone: ``python tests/fakehub.py`` prints the URL and serves until interrupted."""
    import time

    hub = FakeHub(token=None).start()
    print(hub.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        hub.stop()


if __name__ == "__main__":
    main()
