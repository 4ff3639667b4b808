"""Run the generated trees against each pinned agent and count agreement.

``python -m tests.oracle.sweep [--examples N] [AGENT...]`` (what ``scripts/oracle``
runs) prints, per agent, how many generated cases agree on files and on wire text, and
explains each disagreement. ``tests/oracle/test_generated.py`` asserts the same cases
agree. The examples are derandomized: the same N cases every run, so two runs (two
agent releases) compare case by case.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings

from promptls.oracle.agents import ADAPTERS
from promptls.oracle.pins import load_pins
from tests.oracle.harness import Outcome, Scenario, compare
from tests.oracle.trees import trees

DEFAULT_EXAMPLES = int(os.environ.get("PROMPTLS_ORACLE_EXAMPLES", "20"))


def each_case(examples: int, body: Callable[[Scenario], None]) -> None:
    """Call ``body`` on the same ``examples`` generated trees every run (no shrinking:
    each case runs a real agent)."""
    run = settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        phases=(Phase.explicit, Phase.generate),
        suppress_health_check=list(HealthCheck),
    )(given(trees())(body))
    run()


def sweep(profile: str, examples: int, scratch: Path) -> list[tuple[Scenario, Outcome]]:
    """Every generated case for one agent, with its outcome."""
    results: list[tuple[Scenario, Outcome]] = []

    def body(scenario: Scenario) -> None:
        root = Path(tempfile.mkdtemp(prefix=f"{profile}-", dir=scratch))
        results.append((scenario, compare(profile, scenario, root)))

    each_case(examples, body)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=DEFAULT_EXAMPLES)
    parser.add_argument("agents", nargs="*", default=list(ADAPTERS))
    args = parser.parse_args(argv)
    pins = load_pins()
    failed = 0
    with tempfile.TemporaryDirectory(prefix="promptls-oracle-") as scratch:
        for profile in args.agents:
            start = time.monotonic()
            results = sweep(profile, args.examples, Path(scratch))
            files = sum(o.files_agree for _, o in results)
            wire = sum(o.wire_agrees for _, o in results)
            pin = pins[profile]
            print(
                f"{profile} {pin.version} ({pin.date}): {len(results)} cases, files agree "
                f"{files}/{len(results)}, wire agrees {wire}/{len(results)} "
                f"({time.monotonic() - start:.0f} s)",
                flush=True,
            )
            for scenario, outcome in results:
                if not (outcome.files_agree and outcome.wire_agrees):
                    failed += 1
                    print(
                        f"  differs: {scenario}\n    "
                        + outcome.explain()[:3000].replace("\n", "\n    ")
                    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
