"""Public library name kept stable; the code lives in ``promptls.assembly.environment``."""

from promptls.assembly.environment import *  # noqa: F403
from promptls.assembly.environment import __all__ as __all__
