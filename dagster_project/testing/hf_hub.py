"""A small Hugging Face Hub on 127.0.0.1, implementing the endpoints huggingface_hub's HfApi calls
when our publisher and loader run (read from huggingface_hub 1.x's hf_api.py, _commit_api.py,
lfs.py and file_download.py), with fault injection.

Dataset repos keep real history: commits with parents, a main branch, tags; parquet files go
through the LFS batch API and a PUT upload, other files inline (base64) in the ndjson commit.
Writes and private reads need `Authorization: Bearer <token>`.
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

import yaml


def git_blob_sha1(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


@dataclass
class StoredFile:
    content: bytes
    lfs: bool

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.content).hexdigest()

    @property
    def oid(self) -> str:
        """What the preupload endpoint reports: sha256 for LFS files, git sha1 for the others."""
        return self.sha256 if self.lfs else git_blob_sha1(self.content)


@dataclass
class Commit:
    oid: str
    parent: str | None
    message: str
    files: dict[str, StoredFile]


@dataclass
class Repo:
    repo_id: str
    private: bool
    commits: dict[str, Commit] = field(default_factory=dict)
    branches: dict[str, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)

    def resolve(self, revision: str) -> Commit | None:
        revision = unquote(revision)
        oid = self.branches.get(revision) or self.tags.get(revision) or revision
        return self.commits.get(oid)

    def history(self, branch: str = "main") -> list[Commit]:
        """Commits of `branch`, newest first."""
        out, oid = [], self.branches.get(branch)
        while oid:
            out.append(self.commits[oid])
            oid = self.commits[oid].parent
        return out


@dataclass
class Fault:
    method: str
    pattern: re.Pattern
    status: int = 500
    times: int = 1
    skip: int = 0  # let this many matching requests through first
    retry_after: float | None = None
    after_processing: bool = False  # do the work, then answer with the error (a lost response)
    echo_auth: bool = False  # quote the Authorization header in the error message
    drop_connection: bool = False
    seen: int = 0
    injected: int = 0


class HttpError(Exception):
    def __init__(self, status: int, message: str, code: str | None = None):
        super().__init__(message)
        self.status, self.message, self.code = status, message, code


class FakeHub:
    def __init__(self, token: str):
        self.token = token
        self.repos: dict[str, Repo] = {}
        self.lfs_blobs: dict[str, bytes] = {}
        self.faults: list[Fault] = []
        self.requests: list[tuple[str, str]] = []
        self.lock = threading.RLock()
        self._counter = 0
        self._server: ThreadingHTTPServer | None = None

    # -- test controls ------------------------------------------------------------------------

    def fail(self, method: str, path_regex: str, **kwargs) -> Fault:
        fault = Fault(method, re.compile(path_regex), **kwargs)
        self.faults.append(fault)
        return fault

    def clear_faults(self) -> None:
        self.faults.clear()

    def count(self, method: str, path_regex: str) -> int:
        return sum(1 for m, p in self.requests if m == method and re.search(path_regex, p))

    def release_commits(self, repo_id: str) -> list[Commit]:
        """Commits on main other than the repo's initial one, oldest first."""
        return [c for c in reversed(self.repos[repo_id].history()) if c.parent is not None]

    @property
    def url(self) -> str:
        assert self._server is not None
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeHub:
        hub = self

        class Handler(_Handler):
            fake = hub

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()
            self._server.server_close()

    # -- state changes --------------------------------------------------------------------------

    def _new_oid(self, seed: str) -> str:
        self._counter += 1
        return hashlib.sha1(f"{self._counter}:{seed}".encode()).hexdigest()

    def create_repo(self, repo_id: str, private: bool) -> Repo:
        repo = Repo(repo_id, private)
        initial = Commit(
            self._new_oid(repo_id),
            None,
            "initial commit",
            {".gitattributes": StoredFile(b"*.parquet filter=lfs\n", False)},
        )
        repo.commits[initial.oid] = initial
        repo.branches["main"] = initial.oid
        self.repos[repo_id] = repo
        return repo

    def commit(self, repo: Repo, branch: str, message: str, changes: dict[str, StoredFile | None]) -> Commit:
        parent = repo.commits[repo.branches[branch]]
        files = dict(parent.files)
        for path, stored in changes.items():
            if stored is None:
                files.pop(path, None)
            else:
                files[path] = stored
        commit = Commit(self._new_oid(repo.repo_id + message), parent.oid, message, files)
        repo.commits[commit.oid] = commit
        repo.branches[branch] = commit.oid
        return commit


_REPO = r"(?P<repo>[^/]+/[^/]+)"
_ROUTES: list[tuple[str, re.Pattern, str]] = [
    (m, re.compile(p), name)
    for m, p, name in [
        ("POST", r"^/api/repos/create$", "create_repo"),
        ("POST", r"^/api/validate-yaml$", "validate_yaml"),
        ("GET", r"^/api/datasets$", "list_datasets"),
        ("GET", rf"^/api/datasets/{_REPO}$", "repo_info"),
        ("GET", rf"^/api/datasets/{_REPO}/revision/(?P<rev>.+)$", "repo_info"),
        ("GET", rf"^/api/datasets/{_REPO}/refs$", "refs"),
        ("POST", rf"^/api/datasets/{_REPO}/preupload/(?P<rev>[^/]+)$", "preupload"),
        ("POST", rf"^/api/datasets/{_REPO}/commit/(?P<rev>[^/]+)$", "commit"),
        ("POST", rf"^/api/datasets/{_REPO}/paths-info/(?P<rev>[^/]+)$", "paths_info"),
        ("GET", rf"^/api/datasets/{_REPO}/tree/(?P<rev>[^/]+)(?:/(?P<path>.*))?$", "tree"),
        ("POST", rf"^/api/datasets/{_REPO}/tag/(?P<rev>[^/]+)$", "create_tag"),
        ("DELETE", rf"^/api/datasets/{_REPO}/tag/(?P<tag>[^/]+)$", "delete_tag"),
        ("POST", rf"^/datasets/{_REPO}\.git/info/lfs/objects/batch$", "lfs_batch"),
        ("PUT", r"^/lfs-upload/(?P<oid>[0-9a-f]{64})$", "lfs_upload"),
        ("GET", rf"^/datasets/{_REPO}/resolve/(?P<rev>[^/]+)/(?P<path>.+)$", "resolve"),
        ("HEAD", rf"^/datasets/{_REPO}/resolve/(?P<rev>[^/]+)/(?P<path>.+)$", "resolve"),
    ]
]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in separate writes; avoid delayed-ACK stalls
    fake: FakeHub

    def log_message(self, *args) -> None:  # keep test output quiet
        pass

    def do_GET(self):
        self._dispatch("GET")

    def do_HEAD(self):
        self._dispatch("HEAD")

    def do_POST(self):
        self._dispatch("POST")

    def do_PUT(self):
        self._dispatch("PUT")

    def do_DELETE(self):
        self._dispatch("DELETE")

    # -- plumbing -------------------------------------------------------------------------------

    def _body(self) -> bytes:
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _send(self, status: int, body: bytes = b"", headers: dict | None = None, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, payload, headers: dict | None = None):
        self._send(status, json.dumps(payload).encode(), headers)

    def _error(self, status: int, message: str, code: str | None = None, extra: dict | None = None):
        headers = {"X-Error-Message": message.replace("\n", " ")[:200]}
        if code:
            headers["X-Error-Code"] = code
        self._json(status, {"error": message}, {**headers, **(extra or {})})

    @property
    def authorized(self) -> bool:
        return self.headers.get("Authorization") == f"Bearer {self.fake.token}"

    def _dispatch(self, method: str) -> None:
        url = urlsplit(self.path)
        path = unquote(url.path)
        body = self._body() if method in ("POST", "PUT", "DELETE") else b""
        with self.fake.lock:
            self.fake.requests.append((method, path))
            fault = self._matching_fault(method, path)
        if fault is not None and fault.drop_connection:
            self.close_connection = True
            self.connection.shutdown(2)
            return
        if fault is not None and not fault.after_processing:
            return self._fault_response(fault)
        for route_method, pattern, name in _ROUTES:
            match = pattern.match(path)
            if route_method == method and match:
                try:
                    with self.fake.lock:
                        result = getattr(self, f"_{name}")(match.groupdict(), body, parse_qs(url.query))
                except HttpError as exc:
                    return self._error(exc.status, exc.message, exc.code)
                if fault is not None:
                    return self._fault_response(fault)
                return result()
        self._error(404, f"no route for {method} {path}")

    def _matching_fault(self, method: str, path: str) -> Fault | None:
        for fault in self.fake.faults:
            if fault.method == method and fault.pattern.search(path):
                fault.seen += 1
                if fault.seen > fault.skip and fault.injected < fault.times:
                    fault.injected += 1
                    return fault
        return None

    def _fault_response(self, fault: Fault):
        message = f"injected failure {fault.status}"
        if fault.echo_auth:
            message += f" for credentials {self.headers.get('Authorization')}"
        extra = {"Retry-After": str(fault.retry_after)} if fault.retry_after is not None else {}
        self._error(fault.status, message, extra=extra)

    def _repo(self, repo_id: str, *, write: bool = False) -> Repo:
        if write and not self.authorized:
            raise HttpError(401, "Invalid credentials in Authorization header")
        repo = self.fake.repos.get(repo_id)
        if repo is None or (repo.private and not self.authorized):
            raise HttpError(404, "Repository not found", "RepoNotFound")
        return repo

    def _commit_at(self, repo: Repo, revision: str) -> Commit:
        commit = repo.resolve(revision)
        if commit is None:
            raise HttpError(404, f"Invalid rev id: {unquote(revision)}", "RevisionNotFound")
        return commit

    # -- endpoints: each returns a callable that sends the response -----------------------------

    def _create_repo(self, _, body, __):
        if not self.authorized:
            raise HttpError(401, "Invalid credentials in Authorization header")
        payload = json.loads(body)
        if payload.get("type") != "dataset":
            raise HttpError(400, "this test hub only holds datasets")
        repo_id = f"{payload['organization']}/{payload['name']}"
        if repo_id in self.fake.repos:
            raise HttpError(409, "You already created this dataset repo")
        private = payload.get("visibility") == "private" or bool(payload.get("private"))
        self.fake.create_repo(repo_id, private)
        return lambda: self._json(200, {"url": f"{self.fake.url}/datasets/{repo_id}", "name": repo_id})

    def _validate_yaml(self, _, body, __):
        content = json.loads(body)["content"]
        match = re.match(r"^---\n(.*?)\n---\n", content, re.S)
        try:
            meta = yaml.safe_load(match.group(1)) if match else None
        except yaml.YAMLError as exc:
            raise HttpError(400, f"invalid YAML: {exc}") from None
        if not isinstance(meta, dict):
            raise HttpError(400, "README.md has no YAML metadata block")
        return lambda: self._json(200, {"errors": [], "warnings": []})

    def _list_datasets(self, _, __, query):
        author = query.get("author", [None])[0]
        visible = [
            {"id": r.repo_id, "private": r.private, "sha": r.branches["main"]}
            for r in self.fake.repos.values()
            if (author is None or r.repo_id.startswith(author + "/")) and (not r.private or self.authorized)
        ]
        return lambda: self._json(200, visible)

    def _repo_info(self, groups, __, ___):
        repo = self._repo(groups["repo"])
        commit = self._commit_at(repo, groups.get("rev") or "main")
        info = {
            "id": repo.repo_id,
            "private": repo.private,
            "sha": commit.oid,
            "siblings": [{"rfilename": p} for p in sorted(commit.files)],
            "tags": [],
        }
        return lambda: self._json(200, info)

    def _refs(self, groups, __, ___):
        repo = self._repo(groups["repo"])

        def refs(kind: str, names: dict[str, str]) -> list[dict]:
            return [{"name": n, "ref": f"refs/{kind}/{n}", "targetCommit": oid} for n, oid in sorted(names.items())]

        payload = {"branches": refs("heads", repo.branches), "converts": [], "tags": refs("tags", repo.tags)}
        payload["pullRequests"] = []
        return lambda: self._json(200, payload)

    def _preupload(self, groups, body, __):
        repo = self._repo(groups["repo"], write=True)
        commit = self._commit_at(repo, groups["rev"])
        files = []
        for item in json.loads(body)["files"]:
            lfs = item["path"].endswith(".parquet")
            existing = commit.files.get(item["path"])
            files.append(
                {
                    "path": item["path"],
                    "uploadMode": "lfs" if lfs else "regular",
                    "shouldIgnore": False,
                    "oid": existing.oid if existing is not None and existing.lfs == lfs else None,
                }
            )
        return lambda: self._json(200, {"files": files, "commitOid": commit.oid})

    def _lfs_batch(self, groups, body, __):
        self._repo(groups["repo"], write=True)
        objects = []
        for item in json.loads(body)["objects"]:
            entry = {"oid": item["oid"], "size": item["size"], "authenticated": True}
            if item["oid"] not in self.fake.lfs_blobs:
                entry["actions"] = {"upload": {"href": f"{self.fake.url}/lfs-upload/{item['oid']}"}}
            objects.append(entry)
        return lambda: self._json(200, {"transfer": "basic", "objects": objects})

    def _lfs_upload(self, groups, body, __):
        if hashlib.sha256(body).hexdigest() != groups["oid"]:
            raise HttpError(400, "uploaded content does not match its sha256")
        self.fake.lfs_blobs[groups["oid"]] = body
        return lambda: self._send(200)

    def _commit(self, groups, body, __):
        repo = self._repo(groups["repo"], write=True)
        branch = unquote(groups["rev"])
        if branch not in repo.branches:
            raise HttpError(404, f"Invalid rev id: {branch}", "RevisionNotFound")
        lines = [json.loads(line) for line in body.decode().splitlines() if line.strip()]
        header = lines[0]["value"]
        if header.get("parentCommit") and header["parentCommit"] != repo.branches[branch]:
            raise HttpError(412, "A commit has happened since. Please refresh and try again.")
        changes: dict[str, StoredFile | None] = {}
        for line in lines[1:]:
            value = line["value"]
            if line["key"] == "file":
                changes[value["path"]] = StoredFile(base64.b64decode(value["content"]), False)
            elif line["key"] == "lfsFile":
                if value["oid"] not in self.fake.lfs_blobs:
                    raise HttpError(400, f"LFS object {value['oid']} was never uploaded")
                changes[value["path"]] = StoredFile(self.fake.lfs_blobs[value["oid"]], True)
            elif line["key"] == "deletedFile":
                changes[value["path"]] = None
        commit = self.fake.commit(repo, branch, header["summary"], changes)
        url = f"{self.fake.url}/datasets/{repo.repo_id}/commit/{commit.oid}"
        return lambda: self._json(200, {"commitUrl": url, "commitOid": commit.oid, "pullRequestUrl": None})

    def _paths_info(self, groups, body, __):
        repo = self._repo(groups["repo"])
        commit = self._commit_at(repo, groups["rev"])
        paths = parse_qs(body.decode()).get("paths", [])
        out = []
        for path in paths:
            stored = commit.files.get(path)
            if stored is None:
                continue
            item = {"type": "file", "path": path, "size": len(stored.content), "oid": git_blob_sha1(stored.content)}
            if stored.lfs:
                item["lfs"] = {"oid": stored.sha256, "size": len(stored.content), "pointerSize": 134}
            out.append(item)
        return lambda: self._json(200, out)

    def _tree(self, groups, __, query):
        repo = self._repo(groups["repo"])
        commit = self._commit_at(repo, groups["rev"])
        prefix = (groups.get("path") or "").strip("/")
        recursive = query.get("recursive", ["false"])[0].lower() in ("true", "1")
        entries: dict[str, dict] = {}
        for path, stored in sorted(commit.files.items()):
            if prefix and not path.startswith(prefix + "/"):
                continue
            rest = path[len(prefix) + 1 :] if prefix else path
            parts = rest.split("/")
            for depth in range(1, len(parts)):  # the folders on the way
                folder = "/".join(filter(None, [prefix, *parts[:depth]]))
                if recursive or depth == 1:
                    entries.setdefault(folder, {"type": "directory", "path": folder, "oid": "0" * 40, "size": 0})
            if recursive or len(parts) == 1:
                item = {"type": "file", "path": path, "size": len(stored.content), "oid": git_blob_sha1(stored.content)}
                if stored.lfs:
                    item["lfs"] = {"oid": stored.sha256, "size": len(stored.content), "pointerSize": 134}
                entries[path] = item
        if prefix and not entries:
            raise HttpError(404, f"{prefix} does not exist at {commit.oid}", "EntryNotFound")
        return lambda: self._json(200, list(entries.values()))

    def _create_tag(self, groups, body, __):
        repo = self._repo(groups["repo"], write=True)
        commit = self._commit_at(repo, groups["rev"])
        tag = json.loads(body)["tag"]
        if tag in repo.tags:
            raise HttpError(409, f"Tag {tag} already exists")
        repo.tags[tag] = commit.oid
        return lambda: self._json(200, {"name": tag})

    def _delete_tag(self, groups, __, ___):
        repo = self._repo(groups["repo"], write=True)
        if repo.tags.pop(groups["tag"], None) is None:
            raise HttpError(404, f"Invalid rev id: {groups['tag']}", "RevisionNotFound")
        return lambda: self._send(200)

    def _resolve(self, groups, __, ___):
        repo = self._repo(groups["repo"])
        commit = self._commit_at(repo, groups["rev"])
        stored = commit.files.get(groups["path"])
        if stored is None:
            raise HttpError(404, f"{groups['path']} does not exist at {commit.oid}", "EntryNotFound")
        headers = {"X-Repo-Commit": commit.oid, "ETag": f'"{git_blob_sha1(stored.content)}"'}
        if stored.lfs:
            headers["X-Linked-Etag"] = f'"{stored.sha256}"'
            headers["X-Linked-Size"] = str(len(stored.content))
        return lambda: self._send(200, stored.content, headers, content_type="application/octet-stream")
