"""``promptls diff`` for people, programs and pull requests: text, JSON and Markdown.

The Markdown is written for a pull-request comment or a GitHub job summary: a headline,
one short table per agent that changes, and everything else (files that start or stop
loading, new statuses with their reasons, per-file sizes, the new findings) in one
collapsed ``<details>`` section. File names, reasons, messages and excerpts come from
the repository, so none of it may break the page: names and excerpts go into code
spans longer than any backtick run inside them (which no HTML, link, mention or
emphasis survives), with ``|`` escaped for the table; prose has every ASCII punctuation
character backslash-escaped (CommonMark lets any of them be), and control, bidi and
invisible characters shown as escapes (``safe_line``), line breaks included.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from promptls.commands._diff_model import AgentChange, Change, NewFinding, Size
from promptls.text.escape import safe_line
from promptls.text.fsread import human_bytes
from promptls.text.markdown import longest_run
from promptls.views.diff import difference_json

Json = dict[str, Any]

_PUNCTUATION = re.compile(r"([!#&()*+\-./:<>@\[\\\]^_`{|}~])")
"""The ASCII punctuation that can start Markdown structure, HTML, a link, an autolink, a
mention or a table cell (CommonMark lets any ASCII punctuation be backslash-escaped)."""


def md_text(text: str) -> str:
    """Prose from a file or about one, inert in Markdown and on one line."""
    return _PUNCTUATION.sub(r"\\\1", safe_line(text))


def md_code(text: str) -> str:
    """A name or excerpt as a code span that nothing inside can close, one line, its
    ``|`` escaped so a table cell holds it (GFM reads ``\\|`` in a cell as ``|``)."""
    line = safe_line(text).replace("|", "\\|")
    fence = "`" * (longest_run(line) + 1)
    pad = " " if line.startswith(("`", " ")) or line.endswith(("`", " ")) or not line else ""
    return f"{fence}{pad}{line}{pad}{fence}"


def _tokens(count: int, exact: bool) -> str:
    """A token count, ``~`` marking an estimate."""
    return f"{count:,}" if exact else f"~{count:,}"


def _size(size: Size | None, exact: bool) -> tuple[str, str]:
    """Bytes and tokens of one side ("-" when the file is not sent there)."""
    if size is None:
        return "-", "-"
    return f"{size.bytes:,}", _tokens(size.tokens, exact)


def _prefix(agent: AgentChange, code: Callable[[str], str]) -> str:
    """Whether the cached prefix survives, and where the wire text first differs."""
    diff = agent.prefix.difference
    if diff is None:
        return "unchanged"
    where = code(diff.new.path or diff.old.path or "the end")
    if diff.new.kind is not None and str(diff.new.kind) != "file" and diff.new.path:
        where = f"{diff.new.kind} before {where}"
    if diff.in_cached_prefix:
        return f"changes at byte {diff.byte:,} in {where}"
    if agent.prefix.cached_before or agent.prefix.cached_after:
        return f"kept (first change at byte {diff.byte:,}, after it)"
    return f"none marked (first change at byte {diff.byte:,} in {where})"


def _budget(over: bool) -> str:
    """One side's budget state."""
    return "exceeded" if over else "within"


def _headline(change: Change) -> list[str]:
    """What fails the change, in one sentence."""
    count = len(change.findings)
    parts = [f"{count} new finding{'s' if count != 1 else ''}" if count else "no new findings"]
    over = [a.profile for a in change.agents if a.newly_over]
    parts.append(f"newly over budget: {', '.join(over)}" if over else "no budget newly exceeded")
    return parts


def _events(
    agent: AgentChange, name: Callable[[str], str], prose: Callable[[str], str]
) -> list[str]:
    """What happened to the agent's files, one sentence each; ``name`` and ``prose``
    make a path and other text safe for the output's medium."""
    out: list[str] = []
    if agent.set_up[0] != agent.set_up[1]:
        out.append("newly set up" if agent.set_up[1] else "no longer set up")
    for path, moved in agent.started:
        note = f" (moved from {name(moved)})" if moved else ""
        out.append(f"starts loading: {name(path)}{note}")
    out += [f"stops loading: {name(p)}" for p in agent.stopped]
    for s in agent.statuses:
        was = f"was {prose(s.before)}" if s.before else "not listed before"
        out.append(f"now {prose(s.after)}: {name(s.path)} ({was}): {prose(s.reason)}")
    return out


# -- text -------------------------------------------------------------------------------


def _agent_lines(agent: AgentChange) -> list[str]:
    """One agent's change for a terminal."""
    head = f"{agent.profile} ({agent.title})"
    if not agent.changed:
        return [f"{head}: nothing changes"]
    exact = agent.tokens_exact
    b0, b1 = agent.total
    out = [
        head,
        f"  files sent: {agent.sent[0]} -> {agent.sent[1]}; bytes: {b0.bytes:,} -> "
        f"{b1.bytes:,}; tokens: {_tokens(b0.tokens, exact)} -> {_tokens(b1.tokens, exact)}",
    ]
    out += [f"  {event}" for event in _events(agent, safe_line, safe_line)]
    for file in agent.files:
        before, after = _size(file.before, exact), _size(file.after, exact)
        out.append(
            f"  {safe_line(file.path)}: {before[0]} -> {after[0]} bytes, "
            f"{before[1]} -> {after[1]} tokens"
        )
    out.append(f"  cached prefix: {_prefix(agent, safe_line)}")
    if agent.over != (False, False) or agent.budget is not None:
        limit = f" ({human_bytes(agent.budget)})" if agent.budget is not None else ""
        out.append(f"  budget{limit}: {_budget(agent.over[0])} -> {_budget(agent.over[1])}")
    return out


def _finding_line(new: NewFinding) -> str:
    """``path:line:col: CODE [severity] message``."""
    f = new.finding
    return (
        f"  {safe_line(new.path)}:{new.line}:{new.column}: {f.code} [{f.severity.value}] "
        f"{safe_line(f.message)}"
    )


def format_text(change: Change) -> str:
    """The change for a terminal."""
    out = [f"promptls diff: {safe_line(change.base)} -> {safe_line(change.head)}"]
    out.append("; ".join(_headline(change)))
    for agent in change.agents:
        out += _agent_lines(agent)
    if change.findings:
        out.append("new findings:")
        out += [_finding_line(n) for n in change.findings]
    return "\n".join(out) + "\n"


# -- JSON -------------------------------------------------------------------------------


def _size_json(size: Size | None) -> Json | None:
    return None if size is None else {"bytes": size.bytes, "tokens": size.tokens}


def _agent_json(agent: AgentChange) -> Json:
    """One agent's change, camelCase."""
    diff = agent.prefix.difference
    return {
        "profile": agent.profile,
        "title": agent.title,
        "setUp": {"before": agent.set_up[0], "after": agent.set_up[1]},
        "changed": agent.changed,
        "started": [{"path": p, "movedFrom": m} for p, m in agent.started],
        "stopped": list(agent.stopped),
        "statuses": [
            {"path": s.path, "before": s.before, "after": s.after, "reason": s.reason}
            for s in agent.statuses
        ],
        "files": [
            {"path": f.path, "before": _size_json(f.before), "after": _size_json(f.after)}
            for f in agent.files
        ],
        "total": {"before": _size_json(agent.total[0]), "after": _size_json(agent.total[1])},
        "filesSent": {"before": agent.sent[0], "after": agent.sent[1]},
        "tokensExact": agent.tokens_exact,
        "prefix": {
            "changes": diff is not None and diff.in_cached_prefix,
            "cachedBefore": agent.prefix.cached_before,
            "cachedAfter": agent.prefix.cached_after,
            "difference": difference_json(agent.profile, "", "", diff)["difference"],
        },
        "budget": {
            "limit": agent.budget,
            "overBefore": agent.over[0],
            "overAfter": agent.over[1],
            "newlyExceeded": agent.newly_over,
        },
    }


def format_json(change: Change) -> str:
    """The change as JSON, with the text form under ``text``."""
    data = {
        "base": change.base,
        "head": change.head,
        "agents": [_agent_json(a) for a in change.agents],
        "findings": [
            {
                "path": n.path,
                "line": n.line,
                "column": n.column,
                "code": n.finding.code,
                "severity": n.finding.severity.value,
                "message": n.finding.message,
                "agents": list(n.finding.agents),
            }
            for n in change.findings
        ],
        "text": format_text(change),
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


# -- Markdown ---------------------------------------------------------------------------


def _agent_table(agent: AgentChange) -> list[str]:
    """The short table of one agent that changes."""
    exact = agent.tokens_exact
    before, after = agent.total
    rows = [
        ("files sent", str(agent.sent[0]), str(agent.sent[1])),
        ("bytes", f"{before.bytes:,}", f"{after.bytes:,}"),
        ("tokens", _tokens(before.tokens, exact), _tokens(after.tokens, exact)),
        (
            "cached prefix",
            f"{agent.prefix.cached_before:,} bytes",
            f"{agent.prefix.cached_after:,} bytes, {_prefix(agent, md_code)}",
        ),
    ]
    if agent.budget is not None or agent.over != (False, False):
        limit = f" ({human_bytes(agent.budget)})" if agent.budget is not None else ""
        after_state = "**exceeded**" if agent.newly_over else _budget(agent.over[1])
        rows.append((f"budget{limit}", _budget(agent.over[0]), after_state))
    title = f"#### {md_text(agent.profile)}: {md_text(agent.title)}"
    table = ["| | before | after |", "|---|--:|--:|"]
    table += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return [title, "", *table, ""]


def _agent_details(agent: AgentChange) -> list[str]:
    """What one agent's table leaves out."""
    exact = agent.tokens_exact
    items = [f"- {event}" for event in _events(agent, md_code, md_text)]
    lines = [f"**{md_text(agent.profile)}**", "", *items]
    if agent.files:
        lines += ["", "| file | bytes before | bytes after | tokens before | tokens after |"]
        lines.append("|---|--:|--:|--:|--:|")
        for f in agent.files:
            (b0, t0), (b1, t1) = _size(f.before, exact), _size(f.after, exact)
            lines.append(f"| {md_code(f.path)} | {b0} | {b1} | {t0} | {t1} |")
    return [*lines, ""]


def format_markdown(change: Change) -> str:
    """A pull-request comment or job summary: headline, a table per agent, details."""
    out = [
        f"### promptls diff: {md_code(change.base)} → {md_code(change.head)}",
        "",
        " · ".join(f"**{part}**" for part in _headline(change)),
        "",
    ]
    changed = [a for a in change.agents if a.changed]
    same = [a.profile for a in change.agents if not a.changed]
    for agent in changed:
        out += _agent_table(agent)
    if same:
        out += [f"Nothing changes for {md_text(', '.join(same))}.", ""]
    details: list[str] = []
    for agent in changed:
        details += _agent_details(agent)
    if change.findings:
        details += ["**new findings**", "", "| file | line | rule | severity | message |"]
        details.append("|---|--:|---|---|---|")
        for n in change.findings:
            f = n.finding
            details.append(
                f"| {md_code(n.path)} | {n.line} | {f.code} | {f.severity.value} "
                f"| {md_text(f.message)} |"
            )
        details.append("")
    if details:
        out += ["<details><summary>Details</summary>", "", *details, "</details>", ""]
    return "\n".join(out)


FORMATS: dict[str, Callable[[Change], str]] = {
    "text": format_text,
    "json": format_json,
    "markdown": format_markdown,
}
