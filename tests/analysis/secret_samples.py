"""Synthetic credentials in the providers' published shapes, built at test time.

The tests need strings that look exactly like live keys; writing them into the source
would make this repository the kind of file PL033 reports (and trip every secret
scanner that reads it), so they are generated from a fixed seed instead. None of them
is, or was, a real key.
"""

from __future__ import annotations

import random
import string

ALNUM = string.ascii_letters + string.digits
BASE32 = string.ascii_uppercase + "234567"
URLSAFE = ALNUM + "_-"


def _random(rng: random.Random, length: int, alphabet: str) -> str:
    body = "".join(rng.choice(alphabet) for _ in range(length))
    last = alphabet.replace("_", "").replace("-", "")
    return body[:-1] + rng.choice(last)  # never ends in "-" or "_" (a word boundary)


def samples(seed: int = 19) -> dict[str, str]:
    """One token per recognised shape, keyed by the kind the message names."""
    rng = random.Random(seed)
    return {
        "AWS access key id": "AKIA" + _random(rng, 16, BASE32),
        "GitHub token": "gho_" + _random(rng, 36, ALNUM),
        "GitHub fine-grained token": "github_pat_"
        + _random(rng, 22, ALNUM)
        + "_"
        + _random(rng, 59, ALNUM),
        "Slack token": "xoxp-"
        + "".join(rng.choice(string.digits) for _ in range(11))
        + "-"
        + _random(rng, 32, ALNUM),
        "Stripe live key": "sk_live_" + _random(rng, 99, ALNUM),
        "Anthropic API key": "sk-ant-admin01-" + _random(rng, 93, URLSAFE),
        "OpenAI project key": "sk-svcacct-" + _random(rng, 120, URLSAFE),
        "OpenAI API key": "sk-" + _random(rng, 48, ALNUM),
        "Google API key": "AIza" + _random(rng, 35, URLSAFE),
    }


def pem_body(seed: int = 19, lines: int = 4) -> str:
    """Base64-looking lines for a private-key block."""
    rng = random.Random(seed)
    return "\n".join(_random(rng, 64, ALNUM + "+/") for _ in range(lines))
