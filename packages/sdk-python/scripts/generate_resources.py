"""Generates the sync and async resources (src/trackforge/resources/*.py) and the request-parameter
TypedDicts (src/trackforge/types/_params.py) from openapi.json and packages/sdk-manifest.json.

    python packages/sdk-python/scripts/generate_resources.py           # rewrite them
    python packages/sdk-python/scripts/generate_resources.py --check   # exit 1 when they differ

openapi.json says each operation's path, query and body (names, types, which are required); the
manifest says what it does not: method names, positional arguments, pages, `Prefer: wait`, file
parts and the helpers a resource gains. Sync and async classes come from one description, so they
cannot drift apart.

Every other piece of code that exists in a sync and an async form is written once, for asyncio, in
an `_async_*.py` module: the I/O shells around the SDK's sans-I/O core (_async_api_client.py,
_async_event_stream.py, _async_pagination.py, _async_binary.py) and the hand-written helpers in lib/
(create_and_wait, download, stream, subscribe). Their sync twins (`_sync_*.py`) are generated here
by an unasync step (as httpcore's is): the `async`/`await` keywords removed, the few idioms whose
blocking spelling differs rewritten (httpx.AsyncClient, websockets' asyncio client, aclose/aread,
__aenter__/__aiter__, asyncio.sleep), the Async* names renamed.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent.parent
OPENAPI = ROOT / "openapi.json"
MANIFEST = ROOT / "packages" / "sdk-manifest.json"
SOURCE = PACKAGE / "src" / "trackforge"

HEADER = """# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""
BASE_HELPERS = ("NOT_GIVEN", "at_key", "body_of", "file_part", "files_of", "nullable", "prefer_wait")


def camel(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\-\s]+", name) if part)


class Spec:
    def __init__(self, spec: Dict[str, Any]) -> None:
        self.spec = spec

    def deref(self, node: Any) -> Any:
        while isinstance(node, dict) and "$ref" in node:
            target: Any = self.spec
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            node = target
        return node

    def operation(self, route: str) -> Dict[str, Any]:
        method, path = route.split(" ", 1)
        try:
            return self.spec["paths"][path][method.lower()]  # type: ignore[no-any-return]
        except KeyError:
            raise SystemExit(f"packages/sdk-manifest.json names {route}, which openapi.json does not have") from None


@dataclass
class Param:
    name: str
    annotation: str
    required: bool
    nullable: bool
    where: str  # "path", "query", "body" or "file"
    doc: str = ""


@dataclass
class TypedDicts:
    """The TypedDicts written to types/_params.py, by name, and the schemas they came from."""

    classes: Dict[str, str] = field(default_factory=dict)
    schemas: Dict[str, Any] = field(default_factory=dict)


class Types:
    def __init__(self, spec: Spec, typed_dicts: TypedDicts) -> None:
        self.spec = spec
        self.typed_dicts = typed_dicts

    def annotation(self, schema: Any, hint: str) -> Tuple[str, bool]:
        """The Python type of an argument and whether the schema allows null."""
        schema = self.spec.deref(schema)
        members = schema.get("anyOf") or schema.get("oneOf")
        if members:
            kinds: List[str] = []
            nullable = False
            for member in members:
                member = self.spec.deref(member)
                if member.get("type") == "null":
                    nullable = True
                    continue
                kind, member_nullable = self.annotation(member, hint)
                nullable = nullable or member_nullable
                if kind not in kinds:
                    kinds.append(kind)
            return (kinds[0] if len(kinds) == 1 else f"Union[{', '.join(kinds)}]"), nullable
        kind = schema.get("type")
        if isinstance(kind, list):
            others = [k for k in kind if k != "null"]
            inner, _ = self.annotation({**schema, "type": others[0] if len(others) == 1 else others}, hint)
            return inner, "null" in kind
        if "enum" in schema:
            return "Literal[" + ", ".join(json.dumps(value) for value in schema["enum"]) + "]", False
        if "const" in schema:
            return f"Literal[{json.dumps(schema['const'])}]", False
        if kind == "string":
            return "str", False
        if kind == "integer":
            return "int", False
        if kind == "number":
            return "float", False
        if kind == "boolean":
            return "bool", False
        if kind == "array":
            item, _ = self.annotation(schema.get("items", {}), hint[:-1] if hint.endswith("s") else hint)
            return f"Sequence[{item}]", False
        if kind == "object" and schema.get("properties"):
            return self.typed_dict(camel(hint) + "Param", schema), False
        if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
            value, _ = self.annotation(schema["additionalProperties"], hint)
            return f"Mapping[str, {value}]", False
        return "Any", False

    def typed_dict(self, name: str, schema: Dict[str, Any]) -> str:
        if name in self.typed_dicts.schemas:
            if self.typed_dicts.schemas[name] != schema:
                raise SystemExit(f"two request shapes would both be named {name}")
            return name
        self.typed_dicts.schemas[name] = schema
        required = set(schema.get("required", []))
        lines = [f"class {name}(TypedDict, total=False):"]
        description = self.spec.deref(schema).get("description")
        if description:
            lines.append(f'    """{_doc_text(description, 4)}"""')
            lines.append("")
        for prop, sub in schema["properties"].items():
            kind, nullable = self.annotation(sub, prop)
            if nullable:
                kind = f"Optional[{kind}]"
            lines.append(f"    {prop}: {f'Required[{kind}]' if prop in required else kind}")
            doc = self.spec.deref(sub).get("description")
            if doc:
                lines.append(f'    """{_doc_text(doc, 4)}"""')
        self.typed_dicts.classes[name] = "\n".join(lines)
        return name


def _doc_text(text: str, indent: int = 8) -> str:
    """A docstring's text wrapped to the line length ruff checks (120), continued at `indent`."""
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').strip()
    lines = textwrap.wrap(text, width=112 - indent, break_long_words=False, break_on_hyphens=False)
    if len(lines) <= 1:
        return text
    return ("\n" + " " * indent).join(lines) + "\n" + " " * indent


@dataclass
class Method:
    name: str
    http_method: str
    path: str
    params: List[Param]
    positional: List[str]
    doc: str
    returns: Optional[str]
    page: Optional[str]
    page_at: Optional[str]
    parse: Optional[str]
    wait: bool
    binary: bool
    files: Dict[str, Dict[str, str]]
    params_typed_dict: Optional[str]


def describe_method(spec: Spec, types: Types, operation: Dict[str, Any]) -> Method:
    route = operation["route"]
    http_method, path = route.split(" ", 1)
    op = spec.operation(route)
    renames: Dict[str, str] = operation.get("path", {})
    params: List[Param] = []
    for raw in op.get("parameters", []):
        parameter = spec.deref(raw)
        if parameter["in"] == "path":
            params.append(Param(renames.get(parameter["name"], parameter["name"]), "str", True, False, "path"))
        elif parameter["in"] == "query":
            kind, nullable = types.annotation(parameter.get("schema", {}), parameter["name"])
            params.append(
                Param(parameter["name"], kind, bool(parameter.get("required")), nullable, "query",
                      parameter.get("description", ""))
            )  # fmt: skip
    body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    files: Dict[str, Dict[str, str]] = operation.get("files", {})
    params_typed_dict = None
    if body is not None:
        body = spec.deref(body)
        required = set(body.get("required", []))
        for prop, sub in body.get("properties", {}).items():
            if prop in files:
                params.append(Param(prop, "Source", False, False, "file"))
                continue
            kind, nullable = types.annotation(sub, prop)
            params.append(Param(prop, kind, prop in required, nullable, "body"))
        params_typed_dict = types.typed_dict(camel(operation["resource"]) + camel(operation["name"]) + "Params", body)
    for name in operation.get("positional", []):
        if not any(param.name == name for param in params):
            raise SystemExit(f"{route}: positional argument {name!r} is not one of its parameters")
    return Method(
        name=operation["name"], http_method=http_method, path=path, params=params,
        positional=operation.get("positional", []), doc=operation.get("doc") or op.get("summary", ""),
        returns=operation.get("returns"), page=operation.get("page"), page_at=operation.get("page_at"),
        parse=operation.get("python_parse"), wait=bool(operation.get("wait")), binary=bool(operation.get("binary")),
        files=files, params_typed_dict=params_typed_dict,
    )  # fmt: skip


def signature(method: Method) -> Tuple[List[str], List[str]]:
    """The argument lines before and after `*`."""
    path_args = [f"{p.name}: str" for p in method.params if p.where == "path"]
    by_name = {p.name: p for p in method.params}
    positional: List[str] = []
    for name in method.positional:
        positional.append(_argument(by_name[name]))
    keyword = [_argument(p) for p in method.params if p.where != "path" and p.name not in method.positional]
    # Required keyword arguments first reads better; Python allows either order after `*`.
    keyword.sort(key=lambda line: "=" in line)
    if method.wait:
        keyword.append("wait_seconds: Optional[int] = None")
    if method.binary:
        keyword.insert(0, "to: Destination")
    return path_args + positional, keyword


def _argument(param: Param) -> str:
    if param.required:
        return f"{param.name}: {param.annotation}" + (" = None" if param.nullable else "")
    if param.nullable:
        return f"{param.name}: Optional[{param.annotation}] = NOT_GIVEN"
    return f"{param.name}: Optional[{param.annotation}] = None"


def method_source(method: Method, asynchronous: bool) -> str:
    before, after = signature(method)
    args = ["self", *before]
    if after:
        args.append("*")
        args.extend(after)
    args.append("**options: Unpack[RequestOptions]")
    is_page = method.page is not None
    returns = (
        f"{'AsyncPaginator' if asynchronous else 'SyncPage'}[{method.page}]"
        if is_page
        else "int"
        if method.binary
        else method.returns or "None"
    )
    define = "def" if is_page or not asynchronous else "async def"
    awaited = "await " if asynchronous and not is_page else ""
    path = re.sub(r"\{(\w+)\}", lambda m: "{" + _path_name(method, m.group(1)) + "}", method.path)
    path_literal = f'f"{path}"' if "{" in path else f'"{path}"'
    lines = [f"    {define} {method.name}({', '.join(args)}) -> {returns}:"]
    if method.doc:
        lines.append(f'        """{_doc_text(method.doc)}"""')
    query = [p for p in method.params if p.where == "query"]
    body = [p for p in method.params if p.where == "body"]
    files = [p for p in method.params if p.where == "file"]
    call_args: List[str] = []
    if query:
        lines.append("        params = {" + ", ".join(f'"{p.name}": {p.name}' for p in query) + "}")
        call_args.append("params=params")
    if body:
        plain = [p for p in body if not p.nullable]
        nulls = [p for p in body if p.nullable]
        parts = []
        if plain:
            parts.append("body_of(" + ", ".join(f"{p.name}={p.name}" for p in plain) + ")")
        if nulls:
            parts.append("nullable(" + ", ".join(f"{p.name}={p.name}" for p in nulls) + ")")
        lines.append("        body = " + (parts[0] if len(parts) == 1 else "{**" + ", **".join(parts) + "}"))
        call_args.append("body=body")
    if files:
        specs = [(p.name, method.files[p.name]) for p in files]
        described = ", ".join(f'{n}=file_part({n}, "{f["filename"]}", "{f["content_type"]}")' for n, f in specs)
        call_args.append(f"files=files_of({described})")
    call_args.append("options=prefer_wait(wait_seconds, options)" if method.wait else "options=options")
    verb = f'"{method.http_method}"'
    request = f"{verb}, {path_literal}, {', '.join(call_args)}"
    if is_page:
        extract = f', at_key("{method.page_at}")' if method.page_at else ""
        lines.append(f"        return self._list({path_literal}, {method.page}, params, options{extract})")
    elif method.binary:
        opener = "AsyncBinaryStream" if asynchronous else "BinaryStream"
        send = f"{awaited}self._client.send({request}, stream=True)"
        lines.append(f"        response = {send}")
        lines.append(f"        {'async ' if asynchronous else ''}with {opener}(response) as stream:")
        lines.append(f"            return {awaited}stream.write_to(to)")
    elif method.parse:
        lines.append(f"        return {method.parse}({awaited}self._client.send({request}))")
    elif method.returns:
        lines.append(f"        return {awaited}self._client.request({method.returns}, {request})")
    else:
        lines.append(f"        {awaited}self._client.request_none({request})")
    return "\n".join(lines)


def _path_name(method: Method, raw: str) -> str:
    path_params = [p.name for p in method.params if p.where == "path"]
    return path_params[0] if len(path_params) == 1 else raw


def resource_module(resource: Dict[str, Any], methods: List[Method]) -> str:
    sync_name = resource["python_class"]
    async_name = "Async" + sync_name
    models = sorted({m.returns for m in methods if m.returns} | {m.page for m in methods if m.page})
    uses = "\n".join(method_source(m, False) for m in methods) + "\n".join(method_source(m, True) for m in methods)
    typing_names = [
        n
        for n in ("Any", "Literal", "Mapping", "Optional", "Sequence", "Union")
        if re.search(rf"\b{n}\[", uses) or (n == "Optional")
    ]
    base_names = sorted(
        {"AsyncResource", "SyncResource"} | {name for name in BASE_HELPERS if re.search(rf"\b{name}\b", uses)}
    )
    parse_names = sorted({m.parse for m in methods if m.parse})
    binary = any(m.binary for m in methods) or any(m.files for m in methods)
    streams = any(m.binary for m in methods)
    binary_names = sorted(
        ({"Destination"} if streams else set()) | ({"Source"} if any(m.files for m in methods) else set())
    )
    pages = any(m.page for m in methods)
    if pages:
        base_names = sorted({*base_names, "AsyncPaginator"})
    param_dicts = sorted({name for name in re.findall(r"\b(\w+Param)\b", uses)})
    out = [
        f'"""`client.{resource["name"]}`: {resource["doc"]}"""',
        "",
        "from __future__ import annotations",
        "",
        "import functools",
        f"from typing import {', '.join(typing_names)}",
        "",
        "from typing_extensions import Unpack",
        "",
    ]
    if streams:
        out.append("from .._async_binary import AsyncBinaryStream")
    if binary:
        out.append(f"from .._binary import {', '.join(binary_names)}")
    out.append("from .._response import async_to_raw_response_wrapper, to_raw_response_wrapper")
    if streams:
        out.append("from .._sync_binary import BinaryStream")
    if pages:
        out.append("from .._sync_pagination import SyncPage")
    out.append("from .._types import RequestOptions")
    if parse_names:
        out.append(f"from ..lib._track_views import {', '.join(parse_names)}")
    if models:
        out.append(f"from ..types import {', '.join(models)}")
    if param_dicts:
        out.append(f"from ..types._params import {', '.join(param_dicts)}")
    out.append(f"from ._base import {', '.join(base_names)}")
    out.append("")
    out.append(
        f'__all__ = ["{sync_name}", "{async_name}", "{sync_name}WithRawResponse", "{async_name}WithRawResponse"]'
    )
    out.append("")
    for name, asynchronous in ((sync_name, False), (async_name, True)):
        base = "AsyncResource" if asynchronous else "SyncResource"
        out.append("")
        out.append(f"class {name}({base}):")
        out.append(f'    """{_doc_text(resource["doc"], 4)}"""')
        out.append("")
        out.append("    @functools.cached_property")
        out.append(f"    def with_raw_response(self) -> {name}WithRawResponse:")
        out.append('        """The same methods, answering APIResponse (headers, status_code, parse())."""')
        out.append(f"        return {name}WithRawResponse(self)")
        out.append("")
        out.append("\n\n".join(method_source(m, asynchronous) for m in methods))
    for name, asynchronous in ((sync_name, False), (async_name, True)):
        wrapper = "async_to_raw_response_wrapper" if asynchronous else "to_raw_response_wrapper"
        out.append("")
        out.append("")
        out.append(f"class {name}WithRawResponse:")
        out.append(f"    def __init__(self, resource: {name}) -> None:")
        for m in methods:
            out.append(f"        self.{m.name} = {wrapper}(resource.{m.name})")
    return "\n".join(out) + "\n"


def params_module(typed_dicts: TypedDicts) -> str:
    # Insertion order puts a nested shape before the one that uses it: the annotations are evaluated
    # at class creation (no `from __future__ import annotations`), so that Required[...] is seen.
    body = "\n\n\n".join(typed_dicts.classes.values())
    names = sorted(typed_dicts.classes)
    return (
        '"""Request parameters as TypedDicts: the nested shapes arguments take (e.g. SectionParam) and each\n'
        'operation\'s whole body (e.g. TracksCreateParams)."""\n\n'
        "from typing import Any, Literal, Mapping, Optional, Sequence, Union\n\n"
        "from typing_extensions import Required, TypedDict\n\n"
        f"__all__ = {json.dumps(names)}\n\n\n{body}\n"
    )


# Async source → sync twin, applied in order to each line of a hand-written _async_*.py module (the
# way httpcore's unasync step does): keywords, then the idioms whose sync spelling differs, then names.
UNASYNC_RULES: List[Tuple[str, str]] = [
    # websockets' asyncio recv() has no timeout argument; its sync one has.
    (r"\bawait asyncio\.wait_for\(([\w.]+)\.recv\(\), (\w+)\)", r"\1.recv(timeout=\2)"),
    (r"\basync (def|with|for)\b", r"\1"),
    (r"\bawait ", ""),
    (r"\b__a(enter|exit|iter)__\b", r"__\1__"),
    (r"\ba(close|read|iter_bytes)\(", r"\1("),
    (r"\bAsyncIterator\b", "Iterator"),
    (r"\bStopAsyncIteration\b", "StopIteration"),
    (r"\bhttpx\.AsyncClient\b", "httpx.Client"),
    (r"\bwebsockets\.asyncio\.client\b", "websockets.sync.client"),
    (r"^import asyncio$", "import time"),
    (r"\basyncio\.sleep\b", "time.sleep"),
    (r"\bGeneratedAsync(\w+)", r"Generated\1"),
    (r"\bAsync(APIClient|Page)\b", r"Sync\1"),
    (r"\bAsync([A-Z]\w*)", r"\1"),  # AsyncTrackforge, AsyncTracks, AsyncEventSubscription…
    (r"\baiter_bytes\b", "iter_bytes"),
    (r"\b_async_(\w+)", r"_sync_\1"),
]


def _strip_awaitable(line: str) -> str:
    """`Awaitable[X]` → `X`, brackets inside X included (a regex cannot match the nesting)."""
    while "Awaitable[" in line:
        start = line.index("Awaitable[")
        depth, end = 0, start + len("Awaitable")
        for end in range(start + len("Awaitable"), len(line)):
            depth += {"[": 1, "]": -1}.get(line[end], 0)
            if depth == 0:
                break
        line = line[:start] + line[start + len("Awaitable[") : end] + line[end + 1 :]
    return line


def unasync(source: str, origin: str) -> str:
    """The sync twin of an async module."""
    lines = []
    for line in source.splitlines(keepends=True):
        if line.startswith("# async source:"):
            continue  # a note about the async module itself
        for pattern, replacement in UNASYNC_RULES:
            line = re.sub(pattern, replacement, line)
        lines.append(_strip_awaitable(line))
    header = (
        f"# Generated from {origin} by packages/sdk-python/scripts/generate_resources.py.\n"
        "# Do not edit: edit the async module and run `npm run generate:sdks`.\n"
    )
    return header + "".join(lines)


def sync_twins() -> Dict[Path, str]:
    """_sync_<name>.py for every hand-written _async_<name>.py (the HTTP, event and page shells, the
    binary stream and lib/'s helpers)."""
    files: Dict[Path, str] = {}
    for source in sorted([*SOURCE.glob("_async_*.py"), *(SOURCE / "lib").glob("_async_*.py")]):
        target = source.with_name(source.name.replace("_async_", "_sync_", 1))
        files[target] = unasync(source.read_text(encoding="utf-8"), source.relative_to(SOURCE).as_posix())
    return files


def generate(openapi: Path = OPENAPI, manifest: Path = MANIFEST) -> Dict[Path, str]:
    spec = Spec(json.loads(openapi.read_text(encoding="utf-8")))
    description = json.loads(manifest.read_text(encoding="utf-8"))
    typed_dicts = TypedDicts()
    types = Types(spec, typed_dicts)
    files: Dict[Path, str] = {}
    for resource in description["resources"]:
        methods = [describe_method(spec, types, {**op, "resource": resource["name"]}) for op in resource["operations"]]
        files[SOURCE / "resources" / f"{resource['name']}.py"] = HEADER + resource_module(resource, methods)
    files[SOURCE / "types" / "_params.py"] = HEADER + params_module(typed_dicts)
    files.update(sync_twins())
    return _formatted(files)


def _formatted(files: Dict[Path, str]) -> Dict[Path, str]:
    """The files as ruff (pinned in pyproject.toml) fixes and formats them, so --check compares like with like."""
    with tempfile.TemporaryDirectory(dir=PACKAGE) as tmp:
        written = {}
        for path, text in files.items():
            target = Path(tmp) / path.relative_to(SOURCE).as_posix().replace("/", "__")
            target.write_text(text, encoding="utf-8")
            written[path] = target
        targets = [str(target) for target in written.values()]
        ruff = [sys.executable, "-m", "ruff"]
        # UP028: an async generator cannot `yield from`, so a twin's `for x in xs: yield x` becomes it here.
        fixes = ["--fix-only", "--unsafe-fixes", "--quiet", "--select", "I,F401,UP028"]
        subprocess.run([*ruff, "check", *fixes, *targets], check=False, cwd=PACKAGE)
        subprocess.run([*ruff, "format", "--quiet", *targets], check=True, cwd=PACKAGE)
        return {path: target.read_text(encoding="utf-8") for path, target in written.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the committed files differ")
    args = parser.parse_args()
    stale = 0
    for path, fresh in generate().items():
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current == fresh:
            continue
        if args.check:
            stale += 1
            sys.stdout.writelines(
                difflib.unified_diff(current.splitlines(True), fresh.splitlines(True), str(path), "generated")
            )
        else:
            path.write_text(fresh, encoding="utf-8")
            print(f"wrote {path.relative_to(PACKAGE)}")
    if stale:
        print(f"\n{stale} generated file(s) out of date: run `npm run generate:sdks`")
        return 1
    if args.check:
        print("resources match openapi.json and packages/sdk-manifest.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
