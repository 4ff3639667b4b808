"""Public library name for instruction-file discovery (``promptls.discovery``).

Kept because ``promptls.context`` is documented API; new code imports
``promptls.discovery``.
"""

from promptls.discovery import *  # noqa: F403
from promptls.discovery import __all__ as __all__
