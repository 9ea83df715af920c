"""Generates src/trackforge/types/_models.py from the repository's openapi.json.

    python packages/sdk-python/scripts/generate_models.py           # rewrite the models
    python packages/sdk-python/scripts/generate_models.py --check   # exit 1 when they differ

The API describes most bodies inline, so this names the ones the SDK returns (MODELS below), turns
every inline copy of a named shape into a reference to it, and drops what would make a client
brittle: `additionalProperties: false` and value bounds (the server validates; a client that
rejects a new field or a longer string breaks on every API release). datamodel-code-generator
then writes pydantic v2 models that keep unknown fields (`extra="allow"`).
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent
OPENAPI = PACKAGE.parent.parent / "openapi.json"
OUTPUT = PACKAGE / "src" / "trackforge" / "types" / "_models.py"

# Model name -> where its schema lives: (method, path, status, pointer inside the body schema).
MODELS: dict[str, tuple[str, str, str, tuple[Any, ...]]] = {
    # The owner's view; GET /v1/tracks/{id} answers it or the public view (PublicTrack) by caller.
    "Track": ("post", "/v1/tracks", "201", ()),
    "TrackUrls": ("post", "/v1/tracks", "201", ("properties", "urls")),
    "Music": ("post", "/v1/tracks", "201", ("properties", "music", "anyOf", 0)),
    "Audio": ("post", "/v1/tracks", "201", ("properties", "audio", "anyOf", 0)),
    "TrackError": ("post", "/v1/tracks", "201", ("properties", "error", "anyOf", 0)),
    "PublicTrack": ("get", "/v1/public/tracks", "200", ("properties", "data", "items")),
    "PublicTrackUrls": ("get", "/v1/public/tracks", "200", ("properties", "data", "items", "properties", "urls")),
    "Waveform": ("get", "/v1/tracks/{id}/waveform", "200", ()),
    "Voice": ("get", "/v1/voices/{id}", "200", ()),
    "Credits": ("get", "/v1/credits", "200", ()),
    "CreditEntry": ("get", "/v1/credits", "200", ("properties", "entries", "properties", "data", "items")),
    "Event": ("get", "/v1/events", "200", ("properties", "data", "items")),
    "ApiKeyWithSecret": ("post", "/v1/api-keys", "201", ()),
    "WebhookEndpoint": ("get", "/v1/webhook-endpoints/{id}", "200", ()),
    "Me": ("get", "/v1/me", "200", ()),
    "MeWorkspace": ("get", "/v1/me", "200", ("properties", "workspace")),
    "Subscription": ("get", "/v1/me", "200", ("properties", "workspace", "properties", "subscription")),
    "CreditBalance": ("get", "/v1/me", "200", ("properties", "workspace", "properties", "credits")),
    "WorkspaceDetails": ("get", "/v1/workspace", "200", ()),
    "AuthSession": ("get", "/v1/auth/verify", "200", ()),
    "MailSent": ("post", "/v1/auth/signup", "202", ()),
    "CheckoutSession": ("post", "/v1/billing/checkout", "200", ()),
    "PortalSession": ("post", "/v1/billing/portal", "200", ()),
}
# Named shapes taken from components/schemas as they are.
COMPONENTS = ("User", "Workspace", "ApiKey")
# The event log types data.track loosely (any object); the SDK types it as the Track it is.
PATCHES: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "Event": (("properties", "data", "properties", "track"), {"$ref": "#/components/schemas/Track"}),
}
DROPPED_KEYWORDS = {
    "additionalProperties", "propertyNames", "pattern", "format", "minimum", "maximum",
    "minLength", "maxLength", "minItems", "maxItems",
}  # fmt: skip


def strip_properties(node: Any) -> Any:
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                out[key] = {name: strip_properties(sub) for name, sub in value.items()}
            elif key == "format" and value == "date-time":
                # Timestamps parse to datetime (timezone-aware: the API always sends UTC with Z).
                out[key] = value
            elif key in DROPPED_KEYWORDS:
                continue
            else:
                out[key] = strip_properties(value)
        # A JSON number is kept as the JSON has it: `bpm: 100` is the int 100 (as in TypeScript), not
        # pydantic's float 100.0; `99.5` stays a float.
        kinds = out.get("type")
        if kinds == "number" or (isinstance(kinds, list) and "number" in kinds):
            others = [{"type": kind} for kind in (kinds if isinstance(kinds, list) else []) if kind != "number"]
            out.pop("type")
            out["anyOf"] = [{"type": "integer"}, {"type": "number"}, *others]
        return out
    if isinstance(node, list):
        return [strip_properties(item) for item in node]
    return node


def at(node: Any, pointer: tuple[Any, ...]) -> Any:
    for part in pointer:
        node = node[part]
    return node


def named_schemas(spec: dict[str, Any]) -> dict[str, Any]:
    components: dict[str, Any] = spec.get("components", {}).get("schemas", {})
    schemas: dict[str, Any] = {}
    for name in COMPONENTS:
        schemas[name] = strip_properties(components[name])
    for name, (method, path, status, pointer) in MODELS.items():
        body = spec["paths"][path][method]["responses"][status]["content"]["application/json"]["schema"]
        try:
            shape = at(_deref(body, components), pointer)
        except (KeyError, IndexError, TypeError):
            raise SystemExit(
                f"MODELS[{name!r}]: openapi.json has no {'/'.join(map(str, pointer))} under {method} {path}"
                f" {status}; update MODELS in {Path(__file__).name}"
            ) from None
        schemas[name] = strip_properties(copy.deepcopy(shape))
        schemas[name] = _deref(schemas[name], components)
    for name, (pointer, replacement) in PATCHES.items():
        parent = at(schemas[name], pointer[:-1])
        parent[pointer[-1]] = replacement
    # Components that the named shapes refer to come along under their own names.
    pending = [ref for schema in schemas.values() for ref in _refs(schema)]
    while pending:
        ref = pending.pop()
        if ref not in schemas:
            schemas[ref] = strip_properties(components[ref])
            pending += _refs(schemas[ref])
    # Replace every inline copy of a named shape by a reference, largest shapes first.
    canonical = sorted(schemas.items(), key=lambda item: -len(json.dumps(item[1])))
    for name in schemas:
        schemas[name] = _refer(schemas[name], canonical, root=name)
    return schemas


def _deref(schema: Any, components: dict[str, Any]) -> Any:
    """A schema that is only a $ref to a component, replaced by that component's schema."""
    while isinstance(schema, dict) and set(schema) == {"$ref"}:
        schema = copy.deepcopy(components[schema["$ref"].rsplit("/", 1)[-1]])
    return schema


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"].rsplit("/", 1)[-1]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    return []


def _refer(node: Any, canonical: list[tuple[str, Any]], root: str | None = None) -> Any:
    if root is None:
        for name, shape in canonical:
            if node == shape:
                return {"$ref": f"#/components/schemas/{name}"}
    if isinstance(node, dict):
        return {key: _refer(value, canonical) for key, value in node.items()}
    if isinstance(node, list):
        return [_refer(item, canonical) for item in node]
    return node


def generate(openapi: Path = OPENAPI) -> str:
    spec = json.loads(openapi.read_text(encoding="utf-8"))
    document = {
        "openapi": "3.1.0",
        "info": {"title": "Trackforge models", "version": spec.get("info", {}).get("version", "0")},
        "paths": {},
        "components": {"schemas": named_schemas(spec)},
    }
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "models.json"
        target = Path(tmp) / "_models.py"
        source.write_text(json.dumps(document, indent=2, sort_keys=True), encoding="utf-8")
        subprocess.run(
            [
                sys.executable, "-m", "datamodel_code_generator",
                "--input", str(source), "--input-file-type", "openapi", "--output", str(target),
                "--output-model-type", "pydantic_v2.BaseModel", "--target-python-version", "3.10",
                "--no-use-union-operator", "--no-use-standard-collections",
                "--base-class", "trackforge._model_base.BaseModel",
                "--enum-field-as-literal", "all", "--use-double-quotes", "--disable-timestamp",
                "--use-schema-description", "--use-field-description", "--reuse-model",
                "--collapse-root-models", "--formatters", "ruff-format", "--custom-file-header", HEADER,
            ],
            check=True,
        )  # fmt: skip
        return target.read_text(encoding="utf-8")


HEADER = """# Generated from openapi.json by packages/sdk-python/scripts/generate_models.py. Do not edit:
# run `python packages/sdk-python/scripts/generate_models.py` after openapi.json changes.
# ruff: noqa"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the committed models differ")
    parser.add_argument("--openapi", type=Path, default=OPENAPI, help="the OpenAPI document (default: the repo's)")
    args = parser.parse_args()
    fresh = generate(args.openapi)
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current == fresh:
            print(f"{OUTPUT.relative_to(PACKAGE)} matches openapi.json")
            return 0
        sys.stdout.writelines(
            difflib.unified_diff(current.splitlines(True), fresh.splitlines(True), "committed", "generated")
        )
        print(
            f"\n{OUTPUT.relative_to(PACKAGE)} is out of date: run python packages/sdk-python/scripts/generate_models.py"
        )
        return 1
    OUTPUT.write_text(fresh, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(PACKAGE)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
