"""Hostile files through the server's commands and the CLI: every one answered with a
reason, never an exception or a hang; the read cap is enforced and reported.

The core tests (``tests/core/test_context_hostile.py``) call ``discover`` directly; these
go through ``promptls serve`` (``showContextFiles``, ``previewPrompt``,
``showEnvironment``, ``contextRevision``) and ``promptls context``/``preview`` processes.
Unreadable files are real EACCES: the tests run as root, so the server and CLI are
started without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (dropped from the capability
bounding set before exec), which makes root obey file modes like any user.
"""

from __future__ import annotations

import ctypes
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from promptls.discovery import PROFILES

from .conftest import assert_clean_log
from .rawlsp import ROOT, RawClient

LAUNCHER = [sys.executable, str(Path(__file__).with_name("launcher.py"))]
CAP_BYTES = 1024 * 1024
"""Discovery's per-file read cap (1 MiB)."""
PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


def drop_file_permission_override() -> None:
    """preexec_fn: without these capabilities even root gets EACCES from file modes."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


@dataclass(frozen=True)
class Case:
    """One hostile AGENTS.md: how to make it, and what discovery must say."""

    make: Callable[[Path], None]
    status: str
    reason: str


def _write(data: bytes) -> Callable[[Path], None]:
    """Make AGENTS.md with these bytes."""
    return lambda folder: (folder / "AGENTS.md").write_bytes(data)


def _huge(folder: Path) -> None:
    """A 50 MB AGENTS.md of plain text."""
    (folder / "AGENTS.md").write_bytes(b"Keep going. " * (50 * 1024 * 1024 // 12) + b"x" * 8)


def _loop(folder: Path) -> None:
    """AGENTS.md -> x -> AGENTS.md."""
    os.symlink("x", folder / "AGENTS.md")
    os.symlink("AGENTS.md", folder / "x")


def _dir_link(folder: Path) -> None:
    """AGENTS.md is a symlink to a directory."""
    (folder / "real-dir").mkdir()
    os.symlink("real-dir", folder / "AGENTS.md")


def _locked(folder: Path) -> None:
    """An AGENTS.md nobody may read."""
    (folder / "AGENTS.md").write_text("secret\n", encoding="utf-8")
    (folder / "AGENTS.md").chmod(0)


CASES = {
    "binary": Case(
        _write(bytes(range(256)) * 40), "loaded", "loaded as the project file for its folder"
    ),
    "invalid-utf8": Case(_write(b"ok \xff\xfe then \xc3"), "loaded", "not valid UTF-8 at byte 3"),
    "fifty-megabytes": Case(
        _huge, "cut", f"cut at byte {CAP_BYTES}: the file is 52428800 bytes, over the 1 MiB"
    ),
    "fifo": Case(
        lambda f: os.mkfifo(f / "AGENTS.md"),
        "skipped",
        "skipped: a FIFO (named pipe), not a regular file",
    ),
    "device": Case(
        lambda f: os.symlink("/dev/zero", f / "AGENTS.md"),
        "skipped",
        "skipped: a device, not a regular file",
    ),
    "symlink-loop": Case(_loop, "skipped", "skipped: a symlink loop"),
    "symlink-to-dir": Case(_dir_link, "skipped", "skipped: a directory, not a file"),
    "unreadable": Case(_locked, "skipped", "skipped: permission denied"),
}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A workspace with one sub-folder per hostile case, plus a fake home."""
    base = tmp_path_factory.mktemp("hostile")
    (base / "home").mkdir()
    ws = base / "ws"
    ws.mkdir()
    (ws / ".git").mkdir()  # the project root: discovery stops here, not at /
    (ws / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    for name, case in CASES.items():
        (ws / name).mkdir()
        case.make(ws / name)
    yield base
    (ws / "unreadable" / "AGENTS.md").chmod(0o644)


@pytest.fixture(scope="module")
def server(tree: Path) -> Iterator[RawClient]:
    """A server without the permission override, initialized on the hostile workspace."""
    client = RawClient(tree / "home", preexec=drop_file_permission_override)
    client.initialize(tree / "ws")
    yield client
    assert client.alive(), "the server died"
    assert_clean_log(client)
    client.close()


def entry(files: list[dict[str, Any]], path: Path) -> dict[str, Any]:
    """The one entry for ``path``."""
    (found,) = [e for e in files if e["path"] == str(path)]
    return found


def result(client: RawClient, command: str, argument: dict[str, Any]) -> Any:
    """A command's result; an error response fails the test with its message."""
    response = client.command(command, argument)
    assert "result" in response, response
    return response["result"]


@pytest.mark.parametrize("name", list(CASES))
def test_server_commands_answer_with_the_reason(server: RawClient, tree: Path, name: str) -> None:
    case, folder = CASES[name], tree / "ws" / name
    # The reference agent reads the whole file; codex (set up by AGENTS.md) stops at its
    # 32 KiB budget before the 1 MiB read cap these cases are about.
    shown = result(server, "promptls.showContextFiles", {"folder": str(folder), "profile": "or"})
    got = entry(shown["profiles"][0]["entries"], folder / "AGENTS.md")
    assert got["status"] == case.status
    assert case.reason in got["reason"]
    if name == "fifty-megabytes":
        assert got["size"] == 50 * 1024 * 1024, "the real size is reported"
    every = result(server, "promptls.showContextFiles", {"folder": str(folder), "profile": "all"})
    assert len(every["profiles"]) == len(PROFILES)
    preview = result(server, "promptls.previewPrompt", {"folder": str(folder)})
    assert preview["sizes"]["static"]["bytes"] + preview["sizes"]["dynamic"]["bytes"] > 0
    assert len(preview["wire"].encode("utf-8", "surrogatepass")) < 2 * CAP_BYTES, "cap applies"
    result(server, "promptls.contextRevision", {"folder": str(folder)})
    env = result(server, "promptls.showEnvironment", {"folder": str(folder)})
    assert env["environment"]["gitBranch"] == "main"


def run_cli(
    *args: str,
    env: dict[str, str] | None = None,
    preexec: Callable[[], None] | None = None,
    cwd: Path | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """``promptls ARGS`` through the launcher, bounded in time (a hang fails)."""
    environ = dict(os.environ if env is None else env)
    environ["PYTHONPATH"] = str(ROOT / "server")
    return subprocess.run(
        [*LAUNCHER, *args],
        capture_output=True,
        env=environ,
        timeout=120,
        preexec_fn=preexec or drop_file_permission_override,
        check=False,
        cwd=cwd,
    )


# Two CLI runs per case (tests/core/test_context_hostile.py has each case in-process).
@pytest.mark.slow
def test_cli_context_answers_with_every_reason(tree: Path) -> None:
    for name, case in CASES.items():
        folder = tree / "ws" / name
        home = str(tree / "home")
        done = run_cli("context", str(folder), "--home", home, "--json", "--profile", "or")
        assert done.returncode == 0, done.stderr
        data = json.loads(done.stdout)
        got = entry(data["profiles"][0]["entries"], folder / "AGENTS.md")
        assert (got["status"], case.reason in got["reason"]) == (case.status, True), name
        human = run_cli("context", str(folder), "--home", str(tree / "home"), "--all-profiles")
        assert human.returncode == 0, human.stderr
        shown = case.reason if case.status == "skipped" else str(folder / "AGENTS.md")
        assert shown.encode() in human.stdout, (name, human.stdout)
        assert b"Traceback" not in human.stderr + done.stderr


def test_cli_preview_stays_under_the_cap(tree: Path) -> None:
    folder = tree / "ws" / "fifty-megabytes"
    done = run_cli("preview", str(folder), "--home", str(tree / "home"), "--format", "wire")
    assert done.returncode == 0, done.stderr
    assert CAP_BYTES <= len(done.stdout) < 2 * CAP_BYTES


@pytest.mark.slow  # a server of its own
def test_file_deleted_while_being_read(tree: Path, tmp_path: Path) -> None:
    folder = tmp_path / "vanish"
    folder.mkdir()
    (folder / ".git").mkdir()
    target = folder / "AGENTS.md"
    target.write_text("here a moment ago\n", encoding="utf-8")
    env = {**os.environ, "PROMPTLS_TEST_VANISH": str(target)}
    done = run_cli("context", str(folder), "--home", str(tree / "home"), "--json", env=env)
    assert done.returncode == 0, done.stderr
    got = entry(json.loads(done.stdout)["profiles"][0]["entries"], target)
    assert (got["status"], got["reason"]) == (
        "skipped",
        "skipped: it disappeared before it could be read",
    )
    assert not target.exists(), "the fault was really injected"
    target.write_text("back again\n", encoding="utf-8")
    client = RawClient(tree / "home", argv=[*LAUNCHER, "serve"], env=env)
    try:
        client.initialize(folder)
        shown = result(client, "promptls.showContextFiles", {"folder": str(folder)})
        got = entry(shown["profiles"][0]["entries"], target)
        assert got["reason"] == "skipped: it disappeared before it could be read"
        result(client, "promptls.previewPrompt", {"folder": str(folder)})
    finally:
        client.close()


# -- odd homes, roots and repositories --------------------------------------------------


@pytest.mark.slow  # a server of its own
def test_workspace_at_filesystem_root(tree: Path) -> None:
    client = RawClient(tree / "home")
    try:
        client.initialize(Path("/"))
        shown = result(client, "promptls.showContextFiles", {"folder": "/", "profile": "all"})
        assert [p["profile"] for p in shown["profiles"]] == list(PROFILES)
        for profile in shown["profiles"]:
            for e in profile["entries"]:
                assert e["size"] is None or e["status"] == "cut" or e["size"] <= CAP_BYTES
        result(client, "promptls.previewPrompt", {"folder": "/"})
        result(client, "promptls.showEnvironment", {"folder": "/"})
    finally:
        client.close()
    done = run_cli("context", "/", "--home", str(tree / "home"), "--all-profiles", "--json")
    assert done.returncode == 0, done.stderr


@pytest.fixture
def shared(tmp_path: Path) -> Iterator[Path]:
    """A world-readable workspace (with an AGENTS.md), usable by uid 65534."""
    base = Path(tempfile.mkdtemp(prefix="promptls-hostile-"))
    base.chmod(0o755)
    (base / "ws").mkdir(mode=0o755)
    (base / "ws" / ".git").mkdir(mode=0o755)
    (base / "ws" / "AGENTS.md").write_text("hello\n", encoding="utf-8")
    (base / "ws" / "AGENTS.md").chmod(0o644)
    yield base
    shutil.rmtree(base, ignore_errors=True)


@pytest.mark.slow  # a server of its own
def test_home_pointing_nowhere(shared: Path) -> None:
    nowhere = shared / "no-such-home"
    expected = f"no user-level files: the home directory {nowhere} does not exist"
    env = {k: v for k, v in os.environ.items() if k != "PROMPTLS_HOME"}
    client = RawClient(nowhere, env=env)
    try:
        client.initialize(shared / "ws")
        shown = result(client, "promptls.showContextFiles", {"folder": str(shared / "ws")})
        assert expected in [e["reason"] for e in shown["profiles"][0]["entries"]]
        result(client, "promptls.previewPrompt", {"folder": str(shared / "ws")})
    finally:
        client.close()
    done = run_cli("context", str(shared / "ws"), "--json", env={**env, "HOME": str(nowhere)})
    assert done.returncode == 0, done.stderr
    assert expected in [e["reason"] for e in json.loads(done.stdout)["profiles"][0]["entries"]]


@pytest.mark.slow  # a server as uid 65534, without the shared code cache
def test_home_unset(shared: Path) -> None:
    # Without HOME the home comes from the password database: run as uid 65534, whose
    # home does not exist, so the real home is never read and the reason is visible.
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "PROMPTLS_HOME")}
    env["PROMPTLS_TEST_AS_NOBODY"] = "1"
    nobody_home = pwd.getpwuid(65534).pw_dir
    client = RawClient(shared, argv=[*LAUNCHER, "serve"], env=env, unset_home=True)
    try:
        client.initialize(shared / "ws")
        shown = result(client, "promptls.showContextFiles", {"folder": str(shared / "ws")})
        reasons = [e["reason"] for e in shown["profiles"][0]["entries"]]
        assert any(nobody_home in r and "home directory" in r for r in reasons), reasons
        result(client, "promptls.previewPrompt", {"folder": str(shared / "ws")})
    finally:
        client.close()
    done = run_cli("context", str(shared / "ws"), "--json", env=env)
    assert done.returncode == 0, done.stderr
    entries = json.loads(done.stdout)["profiles"][0]["entries"]
    assert any(nobody_home in e["reason"] for e in entries), entries


GIT_CASES: dict[str, Callable[[Path], None]] = {
    "git-file-to-missing-dir": lambda f: (f / ".git").write_text("gitdir: /nowhere/.git\n"),
    "garbage-HEAD": lambda f: (
        (f / ".git").mkdir(),
        (f / ".git/HEAD").write_bytes(b"\xff\x00" * 9),
    ),
    "huge-HEAD": lambda f: ((f / ".git").mkdir(), (f / ".git/HEAD").write_bytes(b"ref: " * 10**6)),
    "fifo-HEAD": lambda f: ((f / ".git").mkdir(), os.mkfifo(f / ".git/HEAD")),
    "HEAD-is-a-directory": lambda f: ((f / ".git").mkdir(), (f / ".git/HEAD").mkdir()),
}


@pytest.mark.slow  # a server per broken repository
@pytest.mark.parametrize("name", list(GIT_CASES))
def test_broken_repositories(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "repo"
    folder.mkdir()
    GIT_CASES[name](folder)
    (folder / "AGENTS.md").write_text("hello\n", encoding="utf-8")
    client = RawClient(tmp_path)
    try:
        client.initialize(folder)
        env = result(client, "promptls.showEnvironment", {"folder": str(folder)})
        assert env["environment"]["gitBranch"] == "", "nothing made up from a broken HEAD"
        shown = result(client, "promptls.showContextFiles", {"folder": str(folder)})
        got = entry(shown["profiles"][0]["entries"], folder / "AGENTS.md")
        assert got["status"] == "loaded"
    finally:
        client.close()
    done = run_cli("context", str(folder), "--home", str(tmp_path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["environment"]["gitBranch"] == ""


HOSTILE_TEXTS = {
    "NUL and control bytes": "a\x00b\x01\x07\x1b[31m\x7f " + "\x00" * 100,
    "lone surrogates": "before \ud800 middle \udfff after __ZIDANE_SYSTEM_PROMPT_BOUNDARY__ x",
    "BOM and line separators": "\ufeff# Title\u2028next\u2029para\x0cfeed\x85nel",
    "one 2 MB line": "x" * (2 * 1024 * 1024),
    "200k empty lines": "\n" * 200_000,
    "bare CRs": "\r" * 1000 + "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\r",
}


@pytest.mark.parametrize("name", list(HOSTILE_TEXTS))
@pytest.mark.parametrize("doc", ["AGENTS.md", "system.prompt"])
def test_hostile_document_content_in_the_editor(
    server: RawClient, tree: Path, name: str, doc: str
) -> None:
    text = HOSTILE_TEXTS[name]
    uri = (tree / "ws" / doc).as_uri()
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
    )
    ident = {"textDocument": {"uri": uri}}
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": 10**6, "character": 0}}
    for line, character in ((0, 0), (0, 3), (0, 10**6), (5, 1), (10**6, 10**6)):
        server.request(
            "textDocument/hover", {**ident, "position": {"line": line, "character": character}}
        )
    report = server.request("textDocument/diagnostic", ident)
    server.request(
        "textDocument/codeAction",
        {**ident, "range": whole, "context": {"diagnostics": report["items"]}},
    )
    server.request("textDocument/documentSymbol", ident)
    server.request("textDocument/codeLens", ident)
    wire = result(server, "promptls.renderWire", {"uri": uri})
    assert wire["version"] == 1
    server.notify("textDocument/didClose", ident)


CONFIGS: dict[str, Callable[[Path], object]] = {
    "not UTF-8": lambda f: (f / ".promptls.toml").write_bytes(b'select = ["\xff"]\n'),
    "not TOML": lambda f: (f / ".promptls.toml").write_text("select = [\n"),
    "wrong types": lambda f: (f / ".promptls.toml").write_text('select = 5\nmarkers = [""]\n'),
    "pyproject table is a string": lambda f: (f / "pyproject.toml").write_text(
        '[tool]\npromptls = "yes"\n'
    ),
    "FIFO": lambda f: os.mkfifo(f / ".promptls.toml"),
    "device": lambda f: os.symlink("/dev/zero", f / ".promptls.toml"),
    "directory": lambda f: (f / ".promptls.toml").mkdir(),
}


@pytest.mark.slow  # a server per hostile config file
@pytest.mark.parametrize("name", list(CONFIGS))
def test_hostile_config_files(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "proj"
    folder.mkdir()
    CONFIGS[name](folder)
    (folder / "a.prompt").write_text("Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n")
    done = run_cli(
        "check", "a.prompt", "--format", "json", env={**os.environ, "HOME": str(tmp_path)}
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    if done.returncode == 2:
        assert done.stderr.decode().startswith("promptls: error: "), done.stderr
        assert len(done.stderr.decode().strip().splitlines()) == 1
    else:
        assert "PL002" in [i["code"] for i in json.loads(done.stdout)]
    client = RawClient(tmp_path)
    try:
        client.initialize(folder)
        uri = (folder / "a.prompt").as_uri()
        text = (folder / "a.prompt").read_text()
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
        )
        report = client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        assert "PL002" in [d["code"] for d in report["items"]], "defaults apply"
        result(client, "promptls.previewPrompt", {"folder": str(folder)})
        assert_clean_log(client)
    finally:
        client.close()


@pytest.mark.slow  # a large hostile tree through the CLI
def test_check_walks_a_hostile_tree_without_hanging(tmp_path: Path) -> None:
    tree = tmp_path / "proj"
    (tree / "prompts").mkdir(parents=True)
    os.mkfifo(tree / "x.prompt")
    os.mkfifo(tree / "AGENTS.md")
    os.mkfifo(tree / ".gitignore")
    os.symlink("/dev/zero", tree / "zero.prompt")
    os.symlink("loop.prompt", tree / "loop.prompt")
    os.symlink(".", tree / "prompts" / "self")  # a directory cycle
    (tree / "big.prompt").write_bytes(b"x" * (65 * 1024 * 1024))
    (tree / "prompts" / "ok.md").write_text("Doctrine.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n")
    env = {**os.environ, "HOME": str(tmp_path)}
    done = run_cli("check", ".", "--format", "json", env=env, cwd=tree)
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    assert done.returncode == 1
    assert {i["path"] for i in json.loads(done.stdout)} == {"prompts/ok.md"}


@pytest.mark.slow  # a server per hostile setting
@pytest.mark.parametrize("target", ["fifo", "/dev/zero", "a-directory", "missing"])
def test_hostile_system_prompt_file_setting(tmp_path: Path, target: str) -> None:
    # A cloned repository's config chooses the file the server reads for previews.
    folder = tmp_path / "proj"
    (folder / ".git").mkdir(parents=True)
    (folder / "AGENTS.md").write_text("hello\n", encoding="utf-8")
    if target == "fifo":
        os.mkfifo(folder / "fifo")
    elif target == "a-directory":
        (folder / "a-directory").mkdir()
    (folder / ".promptls.toml").write_text(f'system-prompt-file = "{target}"\n')
    client = RawClient(tmp_path)
    try:
        client.initialize(folder)
        preview = result(client, "promptls.previewPrompt", {"folder": str(folder)})
        assert preview["sizes"]["static"]["bytes"] <= 4 * 1024 * 1024 + 4096
        result(client, "promptls.contextRevision", {"folder": str(folder)})
        warned = client.wait_notification(
            lambda n: (
                n["method"] == "window/showMessage" and "systemPromptFile" in n["params"]["message"]
            )
        )
        assert target in warned["params"]["message"]
    finally:
        client.close()
