"""`promptls check` reports committed keys (PL033) in every format without printing one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.cli import main
from tests.analysis.secret_samples import pem_body, samples

SAMPLES = samples(7)
PEM = pem_body(7)


@pytest.fixture
def leaky(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository whose AGENTS.md, a skill and a prompt file each hold keys."""
    (tmp_path / ".git").mkdir()
    lines = [f"- 漢字 {kind}: `{token}`" for kind, token in SAMPLES.items()]
    (tmp_path / "AGENTS.md").write_text("# Keys\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
    skill = tmp_path / ".claude" / "skills" / "deploy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(
        "---\nname: deploy\ndescription: Deploys.\n---\n\n```\n-----BEGIN RSA PRIVATE KEY-----\n"
        f"{PEM}\n-----END RSA PRIVATE KEY-----\n```\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_no_format_prints_a_key(leaky: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    status = main(["check", "--select", "PL033", "--format", fmt, "."])
    out, err = capsys.readouterr()
    assert status == 1
    assert out.count("PL033") >= len(SAMPLES) + 1
    for token in [*SAMPLES.values(), *PEM.splitlines()]:
        assert token not in out and token not in err
        assert token[4:20] not in out  # not even the random part's start


def test_json_findings_name_each_kind_and_span_the_key(
    leaky: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["check", "--select", "PL033", "--format", "json", "."])
    found = json.loads(capsys.readouterr().out)
    text = (leaky / "AGENTS.md").read_text(encoding="utf-8")
    by_kind = {f["message"].split(" (")[0]: f for f in found if f["path"] == "AGENTS.md"}
    assert set(by_kind) == set(SAMPLES)
    for kind, token in SAMPLES.items():
        finding = by_kind[kind]
        assert text[finding["start"] : finding["end"]] == token
        assert finding["severity"] == "error" and finding["fixable"] is False
    [skill] = [f for f in found if f["path"].endswith("SKILL.md")]
    assert skill["line"] == 7 and skill["column"] == 1


def test_fix_leaves_the_file_alone(leaky: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = (leaky / "AGENTS.md").read_bytes()
    main(["check", "--select", "PL033", "--fix", "."])
    out, _ = capsys.readouterr()
    assert (leaky / "AGENTS.md").read_bytes() == before
    assert all(token not in out for token in SAMPLES.values())
