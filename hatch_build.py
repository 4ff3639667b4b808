"""Hatchling build hook: compile promptls' optional C speedup into the wheel.

``server/promptls/text/_speedups.c`` is built with the interpreter's own compiler
settings (setuptools' ``build_ext``, which also knows MSVC). Where it cannot be built
(no compiler, no Python headers) or ``PROMPTLS_PURE`` is set (the VS Code bundle, which
must run on every OS), the wheel is pure Python, as before, and promptls takes its
pure-Python paths (``promptls.text.codeset``): the same answers, slower on texts with
characters above U+FFFF. A wheel with the speedup is tagged for its platform and Python.
For an editable install the module is built next to its source, where the checkout's
``server/`` on ``sys.path`` finds it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MODULE = "promptls.text._speedups"
SOURCE = Path("server/promptls/text/_speedups.c")


def compile_speedups(root: Path, work: Path) -> Path:
    """Build the extension under ``work``; the built file's path."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    extension = Extension(MODULE, [str(root / SOURCE)])
    dist = Distribution({"name": "promptls", "ext_modules": [extension]})
    command = build_ext(dist)
    command.build_lib = str(work / "lib")
    command.build_temp = str(work / "temp")
    command.ensure_finalized()
    command.run()
    return Path(command.get_ext_fullpath(MODULE))


class SpeedupsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the compiled speedup to a wheel (or beside its source for editable installs)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        if os.environ.get("PROMPTLS_PURE") or not (root / SOURCE).is_file():
            return
        work = Path(tempfile.mkdtemp(prefix="promptls-speedups-"))
        try:
            built = compile_speedups(root, work)
        except Exception as error:  # any failure leaves a pure wheel
            self.app.display_warning(
                f"promptls: the C speedup was not built ({error}); "
                "the pure-Python paths will be used"
            )
            shutil.rmtree(work, ignore_errors=True)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version == "editable":
            shutil.copy2(built, root / SOURCE.parent / built.name)
            shutil.rmtree(work, ignore_errors=True)
        else:
            self._work = work
            build_data["force_include"][str(built)] = f"promptls/text/{built.name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
