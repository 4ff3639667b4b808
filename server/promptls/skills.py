"""Public library name kept stable; the code lives in ``promptls.discovery.skills``."""

from promptls.discovery.skills import *  # noqa: F403
from promptls.discovery.skills import __all__ as __all__
