from __future__ import annotations

from typing import Iterator

import pytest

from trackforge import Trackforge

from .server import ApiServer


@pytest.fixture(scope="session")
def server() -> Iterator[ApiServer]:
    api = ApiServer().start()
    try:
        yield api
    finally:
        api.stop()


@pytest.fixture
def client(server: ApiServer) -> Iterator[Trackforge]:
    with Trackforge(api_key=server.api_key, base_url=server.base_url) as sdk:
        yield sdk
