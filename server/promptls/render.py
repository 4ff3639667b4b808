"""Public library name kept stable; the code lives in ``promptls.assembly.render``."""

from promptls.assembly.render import *  # noqa: F403
from promptls.assembly.render import __all__ as __all__
