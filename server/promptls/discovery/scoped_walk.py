"""Where rules folders are read, in each agent's order: the working folder's, the
repository root's, the user's, extra folders named by an environment variable, and
nested rules folders on the way to a target file.

Copilot reads ``.github/instructions`` at the repository root and in the working
folder, user rules after the project's, and the folders of
``COPILOT_CUSTOM_INSTRUCTIONS_DIRS``; Cursor applies a nested ``.cursor/rules`` folder
to the files below it. Each is profile data (``Profile.rules_at_project_root``,
``user_rules_last``, ``extra_dirs_env``, ``nested_rules``) interpreted here, so the walk
itself stays one sequence. Nested rules folders are looked up only on the way to a
target file: discovery never walks the tree.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.
# ruff: noqa: PTH100, PTH111, PTH118

from __future__ import annotations

import os
from collections.abc import Mapping

from promptls.discovery.dirs import folders_between
from promptls.discovery.model import ContextScope
from promptls.discovery.sources import ExtraSources
from promptls.text import runmemo


class ScopedSources(ExtraSources):
    """Rules folders beyond the root's own, for the walker."""

    environ: Mapping[str, str]

    def directory(self, folder: str) -> None:
        """Provided by the walker."""
        raise NotImplementedError

    def path_rules(self) -> None:
        """The rules folders in the profile's order, after the per-folder files."""
        prof = self.profile
        rules_dir = prof.project_rules_dir
        if rules_dir and prof.rules_at_project_root and self.project_root != self.root:
            folder = os.path.join(self.project_root, rules_dir)
            self.rules(folder, ContextScope.PROJECT, "a repository rules file")
        if prof.user_rules_last and prof.user_rules_dir and self.user_dir and not self.home_problem:
            folder = os.path.join(self.user_dir, prof.user_rules_dir)
            self.rules(folder, ContextScope.USER, "a user rules file")
        if rules_dir and not prof.rules_in_every_dir:
            folder = os.path.join(self.root, rules_dir)
            self.rules(folder, ContextScope.PROJECT, "a project rules file")
        self.extra_dirs()
        self.nested_rules()

    def extra_dirs(self) -> None:
        """Folders from ``Profile.extra_dirs_env`` (comma-separated), read like the root."""
        name = self.profile.extra_dirs_env
        value = self.environ.get(name, "") if name else ""
        for raw in value.split(","):
            folder = os.path.abspath(os.path.expanduser(raw.strip())) if raw.strip() else ""
            if not folder or folder in (self.root, self.project_root):
                continue
            if not runmemo.isdir(folder):
                reason = f"skipped: {folder} (from {name}) is not a folder"
                self.skip(folder, ContextScope.PROJECT, reason)
                continue
            for file_name in self.profile.project_files:
                role = f"a file of {folder} (from {name})"
                self.load(os.path.join(folder, file_name), ContextScope.PROJECT, role=role)
            if self.profile.project_rules_dir:
                rules = os.path.join(folder, self.profile.project_rules_dir)
                self.rules(rules, ContextScope.PROJECT, f"a rules file from {name}", folder)

    def nested_rules(self) -> None:
        """A nested rules folder in each folder between the root and the target file
        applies to the files below its folder (Cursor), globs resolved from there."""
        rules_dir = self.profile.nested_rules
        if rules_dir is None or self.target is None:
            return
        for owner in folders_between(self.root, self.target):
            rules = os.path.join(owner, rules_dir)
            self.watched.add(rules)
            if not runmemo.isdir(rules):
                continue
            shown = os.path.relpath(owner, self.root).replace(os.sep, "/")
            role = f"a nested rule for the files in {shown}/"
            self.rules(rules, ContextScope.PROJECT, role, owner)
