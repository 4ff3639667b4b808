"""Public library name kept stable; the code lives in ``promptls.assembly.system``."""

from promptls.assembly.system import *  # noqa: F403
from promptls.assembly.system import __all__ as __all__
