"""The generated resources and TypedDicts match openapi.json and packages/sdk-manifest.json (CI fails on drift).

Outside tests/unit: it runs the generator, which formats with the dev tools (ruff) of .venv-sdk, and
the Python 3.9 run in CI installs only the SDK and pytest.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_the_committed_resources_are_what_the_generator_writes_now() -> None:
    generator = load("generate_resources")
    stale = [
        str(path.relative_to(generator.PACKAGE))
        for path, text in generator.generate().items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert stale == [], f"out of date, run `npm run generate:sdks`: {stale}"
