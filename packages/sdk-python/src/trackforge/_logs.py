"""Debug logging: TRACKFORGE_LOG=debug (or info) prints each request, retry and answer to stderr."""

from __future__ import annotations

import logging
import os

logger = logging.getLogger("trackforge")
_configured = False


def setup_logging() -> None:
    """Applies TRACKFORGE_LOG once; called when a client is built, never at import."""
    global _configured
    if _configured:
        return
    _configured = True
    level = os.environ.get("TRACKFORGE_LOG", "").lower()
    if level not in ("debug", "info"):
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("[%(asctime)s %(name)s %(levelname)s] %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG if level == "debug" else logging.INFO)
