"""``promptls observe``'s report as text and JSON (camelCase, like every other result).

The text is what the CLI prints and what the editors show in their observe panel: the
agent and its version, the verdict first (agree, or the "your agent sends X; promptls
predicted Y" lines), the files the agent sent with bytes and tokens, the rest of the
request, the framed text, and a unified diff when the wire texts differ.
"""

from __future__ import annotations

import difflib
from typing import Any

from promptls.oracle.observe import Plan, Report, SentFile
from promptls.tokens import TokenCount


def hooks_notice(plan: Plan) -> str:
    """What to say before a run whose settings configure hooks ("" when none do)."""
    if not plan.hooks:
        return ""
    where = "; ".join(f"{h.path} ({', '.join(h.events)})" for h in plan.hooks)
    if plan.skip_hooks:
        return f"{plan.title}'s hooks are switched off for this run: {where}"
    tail = (
        " (--skip-hooks switches them off with the agent's own setting)"
        if plan.can_skip_hooks
        else f" ({plan.title} has no switch to skip them)"
    )
    return f"{plan.title} will run the start-up hooks your settings configure: {where}{tail}"


def _tokens(count: TokenCount) -> str:
    return f"{count.count:,} tokens" if count.exact else f"~{count.count:,} tokens (estimate)"


def _file_rows(files: tuple[SentFile, ...]) -> list[str]:
    if not files:
        return ["  (none)"]
    return [
        f"  {i}. {f.path}  {f.bytes:,} bytes, {_tokens(f.tokens)}"
        for i, f in enumerate(files, start=1)
    ]


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def report_text(report: Report) -> str:
    """The human report."""
    plan = report.plan
    wire_bytes = len(report.wire.encode("utf-8", "surrogatepass"))
    lines = [f"{plan.title} {plan.version} in {plan.folder}", f"program: {plan.program}"]
    if report.agrees:
        lines.append("observed = predicted: your agent sends what promptls predicted")
    else:
        lines += ["observed != predicted:", *(f"  {d}" for d in report.differences)]
    notice = hooks_notice(plan)
    if notice:
        lines.append(notice)
    lines += ["", "Instruction files the agent sent, in order:", *_file_rows(report.files)]
    if [f.path for f in report.files] != [f.path for f in report.predicted_files]:
        lines += ["", "promptls predicted:", *_file_rows(report.predicted_files)]
    rest = report.request_bytes - wire_bytes
    lines += [
        "",
        f"Request: {report.request_bytes:,} bytes of JSON",
        f"  instruction text: {wire_bytes:,} bytes, {_tokens(report.wire_tokens)}, "
        f"{_share(wire_bytes, report.request_bytes)}",
        f"  the rest: {max(rest, 0):,} bytes, {_share(max(rest, 0), report.request_bytes)}",
        "By field (the instruction text is inside one of them):",
        *(
            f"  {p.name}: {p.bytes:,} bytes ({_share(p.bytes, report.request_bytes)})"
            for p in report.request_parts
        ),
        "",
        "Framed text the agent sent:",
        report.wire if report.wire else "(no instruction text)",
    ]
    if report.wire != report.predicted_wire:
        diff = difflib.unified_diff(
            report.predicted_wire.splitlines(keepends=True),
            report.wire.splitlines(keepends=True),
            "promptls predicted",
            "your agent sends",
        )
        lines += ["", "Diff (promptls predicted → your agent sends):", "".join(diff).rstrip()]
    return "\n".join(lines)


def plan_text(plan: Plan) -> str:
    """What a dry run found: the program, its version, what the overlay carries, hooks."""
    carried = ", ".join(plan.carried) or "nothing"
    lines = [
        f"{plan.title} {plan.version} ({plan.program}) in {plan.folder}",
        f"user files carried into the temporary home: {carried}",
        hooks_notice(plan) or "no start-up hooks configured",
    ]
    return "\n".join(lines)


def _count_json(count: TokenCount) -> dict[str, Any]:
    return {"count": count.count, "exact": count.exact, "method": count.method}


def _files_json(files: tuple[SentFile, ...]) -> list[dict[str, Any]]:
    return [{"path": f.path, "bytes": f.bytes, "tokens": _count_json(f.tokens)} for f in files]


def plan_json(plan: Plan) -> dict[str, Any]:
    """The plan in camelCase."""
    return {
        "agent": plan.agent,
        "title": plan.title,
        "program": plan.program,
        "version": plan.version,
        "folder": plan.folder,
        "carried": list(plan.carried),
        "hooks": [{"path": h.path, "events": list(h.events)} for h in plan.hooks],
        "skipHooks": plan.skip_hooks,
        "canSkipHooks": plan.can_skip_hooks,
        "hooksNotice": hooks_notice(plan),
    }


def report_json(report: Report) -> dict[str, Any]:
    """The whole report in camelCase (``promptls api-json`` describes it)."""
    return {
        **plan_json(report.plan),
        "agrees": report.agrees,
        "differences": list(report.differences),
        "files": _files_json(report.files),
        "wire": report.wire,
        "wireBytes": len(report.wire.encode("utf-8", "surrogatepass")),
        "wireTokens": _count_json(report.wire_tokens),
        "predictedFiles": _files_json(report.predicted_files),
        "predictedWire": report.predicted_wire,
        "requestBytes": report.request_bytes,
        "requestParts": [{"name": p.name, "bytes": p.bytes} for p in report.request_parts],
    }
