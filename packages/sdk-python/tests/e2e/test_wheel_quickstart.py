"""The built wheel, installed into a new virtualenv outside the repository, runs every README example
against the real server — what a developer who runs `pip install trackforge-sdk` gets."""

from __future__ import annotations

import base64
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict

from .mp3 import measure_mp3
from .server import ApiServer

PACKAGE = Path(__file__).resolve().parents[2]
WEBHOOK_SECRET = "whsec_" + base64.b64encode(b"readme-example-secret-32-bytes!!").decode()

# Run after the webhooks example: a genuine delivery is accepted, a tampered one refused.
WEBHOOK_CHECK = """
import json, time
from datetime import datetime, timezone
import standardwebhooks
track = next(iter(client.tracks.list(status="ready"))).to_dict()  # one the quick start made
body = json.dumps({"id": "evt_1", "type": "track.ready", "created_at": track["created_at"], "data": {"track": track}})
now = int(time.time())
signature = standardwebhooks.Webhook(WEBHOOK_SECRET).sign("evt_1", datetime.fromtimestamp(now, tz=timezone.utc), body)
headers = {"webhook-id": "evt_1", "webhook-timestamp": str(now), "webhook-signature": signature}
assert handle_delivery(body.encode(), headers) == 200
assert handle_delivery(body.replace('"ready"', '"failed"', 1).encode(), headers) == 400
print("webhook check passed")
"""


def readme_examples() -> Dict[str, str]:
    blocks = re.findall(r"```python\n(.*?)```", (PACKAGE / "README.md").read_text(encoding="utf-8"), re.S)
    root_blocks = re.findall(
        r"```python\n(.*?)```", (PACKAGE.parents[1] / "README.md").read_text(encoding="utf-8"), re.S
    )
    assert len(root_blocks) == 1, "the root README's Python SDK section has one example"
    examples = {"root README": root_blocks[0]}
    for block in blocks:
        name = re.match(r"# example: (.+)\n", block)
        assert name, f"every python block in the README names its example:\n{block}"
        examples[name.group(1)] = block
    return examples


def test_the_wheel_installs_in_a_fresh_venv_and_runs_every_readme_example(server: ApiServer, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(PACKAGE)],
        check=True, capture_output=True,
    )  # fmt: skip
    wheel = next(dist.glob("trackforge_sdk-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    # pip resolves the wheel's declared dependencies itself, so a missing one fails here.
    subprocess.run([python, "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)], check=True)
    where = subprocess.run([python, "-c", "import trackforge; print(trackforge.__file__)"], check=True,
                           capture_output=True, text=True, cwd=tmp_path)  # fmt: skip
    assert where.stdout.startswith(str(venv))

    env = {**os.environ, "TRACKFORGE_API_KEY": server.api_key, "TRACKFORGE_BASE_URL": server.base_url,
           "TRACKFORGE_WEBHOOK_SECRET": WEBHOOK_SECRET}  # fmt: skip
    examples = readme_examples()
    assert set(examples) == {
        "root README",
        "quick start",
        "musical inputs",
        "async events",
        "lists and errors",
        "options and streaming",
        "webhooks",
    }
    for name, code in examples.items():
        if name == "webhooks":
            code += f"\nWEBHOOK_SECRET = {WEBHOOK_SECRET!r}\n" + WEBHOOK_CHECK
        script = tmp_path / f"{name.replace(' ', '_')}.py"
        script.write_text(code, encoding="utf-8")
        run = subprocess.run([python, str(script)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, f"README example {name!r} failed:\n{run.stdout}\n{run.stderr}"
        print(f"--- {name}\n{run.stdout}")

    assert 4.9 <= measure_mp3((tmp_path / "track.mp3").read_bytes()).duration_seconds <= 5.3
    assert measure_mp3((tmp_path / "live.mp3").read_bytes()).frames > 100
