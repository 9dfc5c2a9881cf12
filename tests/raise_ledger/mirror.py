"""The real PyPTO source, read from a bare git mirror (never built, never imported)."""

from __future__ import annotations

import os
import subprocess
from functools import cached_property
from pathlib import Path

# `$PYPTO_MIRROR`: a bare git mirror of hw-native-sys/pypto; else this name, beside the working directory.
DEFAULT_MIRROR = "pypto-mirror"
# The version every real-judged row of this repository was recorded with.
COMMIT_PREFIX = "e2d0f78"


class Mirror:
    """The files of the real compiler at the commit the verdicts come from."""

    def __init__(self, path: str | None = None) -> None:
        self.path = Path(path or os.environ.get("PYPTO_MIRROR") or DEFAULT_MIRROR)

    def available(self) -> bool:
        return (self.path / "HEAD").exists() or (self.path / ".git").exists()

    @cached_property
    def commit(self) -> str:
        found = self._git("rev-parse", f"{COMMIT_PREFIX}^{{commit}}").strip()
        return found

    @cached_property
    def files(self) -> list[str]:
        return self._git("ls-tree", "-r", "--name-only", self.commit).splitlines()

    def read(self, path: str) -> str:
        return self._git("show", f"{self.commit}:{path}")

    def _git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(self.path), *args], capture_output=True, text=True, check=True
        )
        return done.stdout
