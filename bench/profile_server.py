"""Profile promptls under one benchmark scenario with py-spy (from the bench cache venv).

    .venv/bin/python bench/profile_server.py open      # didOpen of the 1 MB prompt file
    .venv/bin/python bench/profile_server.py burst     # 500 edits at 10 ms on the 1 MB file
    .venv/bin/python bench/profile_server.py hover     # 200 hovers over the 1 MB file
    .venv/bin/python bench/profile_server.py burst --pull

The server runs as ``py-spy record -- promptls serve`` (the same process an editor would
start); the collapsed stacks are summarised as the functions with the most samples,
self and inclusive, as ``file:function`` so a budget miss can be pinned on code.
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import measure
import peers
import workloads
from session import Session


def _summarise(collapsed: Path, top: int) -> str:
    """Top self and inclusive frames from py-spy's collapsed ("raw") output."""
    self_count: collections.Counter[str] = collections.Counter()
    incl_count: collections.Counter[str] = collections.Counter()
    total = 0
    for line in collapsed.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack:
            continue
        count = int(count_text)
        total += count
        frames = [_short(f) for f in stack.split(";")]
        self_count[frames[-1]] += count
        for frame in set(frames):
            incl_count[frame] += count
    out = [f"{total} samples"]
    for title, counter in (("self", self_count), ("inclusive", incl_count)):
        out.append(f"-- top {title}")
        for frame, count in counter.most_common(top):
            out.append(f"{100 * count / max(total, 1):5.1f}%  {frame}")
    return "\n".join(out)


def _short(frame: str) -> str:
    """``function (path/to/file.py:12)`` → ``file.py:function`` (line-insensitive)."""
    name, _, where = frame.partition(" (")
    path = where.rstrip(")").rsplit(":", 1)[0]
    parts = Path(path).parts
    if "promptls" in parts:
        path = "/".join(parts[parts.index("promptls") :])
    elif "site-packages" in parts:
        path = "/".join(parts[parts.index("site-packages") + 1 :])
    return f"{path}:{name}"


def main(argv: list[str]) -> int:
    """Run one scenario under py-spy and print the summary."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("scenario", choices=("open", "burst", "hover"))
    p.add_argument("--pull", action="store_true", help="client with pull diagnostics")
    p.add_argument("--rate", type=int, default=1000, help="samples per second")
    p.add_argument("--top", type=int, default=25)
    args = p.parse_args(argv)
    spy = peers.cache_venv() / "bin" / "py-spy"
    if not spy.exists():
        pip = peers.cache_venv() / "bin" / "pip"
        sys.stderr.write(f"py-spy not found; install it with: {pip} install py-spy==0.4.3\n")
        return 2
    base = peers.server_specs()["promptls-pull" if args.pull else "promptls"]
    mb1 = workloads.prompt_file(workloads.MB)
    small = workloads.instruction_file()
    work = measure.Workload(small, small, mb1, None, [], 200, 500, 0.010)
    with tempfile.TemporaryDirectory(prefix="promptls-profile-") as tmp:
        out = Path(tmp) / "stacks.txt"
        root = Path(tmp) / "ws"
        root.mkdir()
        with Session(base, root, 120) as s:
            s.initialize()
            # Attach rather than launch: py-spy prints to stdout, which is the LSP stream.
            cmd = [str(spy), "record", "-r", str(args.rate), "-f", "raw", "-o", str(out)]
            spy_proc = subprocess.Popen(
                [*cmd, "--pid", str(s.client.pid)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(1.0)  # let py-spy attach before the measured part starts
            try:
                uri = s.write("prompts/big.prompt.md", mb1)
                seconds, _ = s.open_and_wait(uri, mb1)
                sys.stderr.write(f"open 1 MB: {seconds * 1000:.1f} ms\n")
                if args.scenario == "open":  # more samples: 20 more distinct 1 MB documents
                    for n in range(20):
                        other = s.write(f"prompts/copy{n}.prompt.md", mb1)
                        seconds, _ = s.open_and_wait(other, mb1)
                        sys.stderr.write(f"open 1 MB: {seconds * 1000:.1f} ms\n")
                if args.scenario == "hover":
                    lat = measure._hovers(s, uri, work)
                    sys.stderr.write(f"hover p99: {1000 * max(sorted(lat)[:-1]):.1f} ms\n")
                if args.scenario == "burst":
                    burst = measure._burst(s, uri, work)
                    sys.stderr.write(f"burst: {burst}\n")
            finally:
                s.client.close(timeout=20)  # the target exits, so py-spy writes and ends
                try:
                    spy_proc.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    spy_proc.kill()
        sys.stdout.write(_summarise(out, args.top) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
