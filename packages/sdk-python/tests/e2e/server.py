"""The real API server (apps/api) on an ephemeral port with a fresh data dir, for end-to-end tests.

`serve` seeds a demo Studio workspace with 100 credits on an empty data dir and prints its API key;
ENGINE_BANK=small keeps generation quick.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import List, Optional

REPO = Path(__file__).resolve().parents[4]
START_TIMEOUT_SECONDS = 240.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class ApiServer:
    def __init__(self) -> None:
        self.data_dir = tempfile.mkdtemp(prefix="tf-sdk-py-")
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.api_key = ""
        self.output: List[str] = []
        self._ready = threading.Event()
        self._process: Optional[subprocess.Popen[str]] = None

    def start(self) -> ApiServer:
        env = {
            **os.environ, "PORT": str(self.port), "HOST": "127.0.0.1", "DATA_DIR": self.data_dir,
            "ENGINE_BANK": "small", "NODE_ENV": "development", "LOG_LEVEL": "warn",
            "PUBLIC_URL": self.base_url,
            # The webhook test receives deliveries on a loopback port.
            "ALLOW_PRIVATE_WEBHOOKS": "true",
            # New accounts start empty, so the tests can reach an empty balance at once.
            "CREDITS_SIGNUP": "0",
        }  # fmt: skip
        env.pop("DATABASE_URL", None)
        self._process = subprocess.Popen(
            ["node", "--import", "tsx", "apps/api/src/main.ts", "serve"],
            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        threading.Thread(target=self._read_output, daemon=True).start()
        if not self._ready.wait(START_TIMEOUT_SECONDS) or not self.api_key:
            self.stop()
            raise RuntimeError("the API server did not start:\n" + "".join(self.output[-40:]))
        return self

    def _read_output(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            self.output.append(line)
            match = re.search(r"API key: (\S+)", line)
            if match:
                self.api_key = match.group(1)
                self._ready.set()
        self._ready.set()  # the process ended

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGTERM)
            try:
                self._process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        shutil.rmtree(self.data_dir, ignore_errors=True)


class DroppingProxy:
    """A TCP proxy to the server that can cut every open connection at once (a lost network)."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.accepted = 0
        self._open: List[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            with self._lock:
                self.accepted += 1
                self._open += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def drop_all(self) -> None:
        with self._lock:
            for end in self._open:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()
            self._open.clear()

    def close(self) -> None:
        self.listener.close()
        self.drop_all()
