"""Standard Webhooks verification for webhook deliveries and WebSocket event frames."""

from __future__ import annotations

import json
from typing import Mapping, Optional, Union

import pydantic
import standardwebhooks

from ._exceptions import WebhookVerificationError
from .types import Event


def verify_signed(payload: Union[str, bytes], headers: Mapping[str, str], secret: str) -> Event:
    """The typed event in `payload` when its signature and timestamp (±5 min) check out."""
    try:
        verifier = standardwebhooks.Webhook(secret)
        verifier.verify(payload, dict(headers))
    except Exception as error:  # the library raises its own errors and ValueError for bad headers
        raise WebhookVerificationError(f"webhook signature did not verify: {error}") from error
    try:
        event = Event.model_validate(json.loads(payload))
    except (ValueError, pydantic.ValidationError) as error:
        raise WebhookVerificationError(f"webhook payload is not a Trackforge event: {error}") from error
    message_id = {k.lower(): v for k, v in headers.items()}.get("webhook-id")
    if message_id != event.id:
        raise WebhookVerificationError("webhook-id does not match the event id")
    return event


class Webhooks:
    """`client.webhooks`: verifies deliveries to your endpoint."""

    def __init__(self, secret: Optional[str] = None) -> None:
        self._secret = secret

    def unwrap(self, raw_body: Union[str, bytes], headers: Mapping[str, str], secret: Optional[str] = None) -> Event:
        """Verifies a delivery and returns its typed event; raises WebhookVerificationError otherwise.

        Pass the body exactly as received (before any JSON parsing) and the request's headers.

            event = client.webhooks.unwrap(request.body, request.headers, secret="whsec_...")
            if event.type == "track.ready": ...
        """
        key = secret or self._secret
        if not key:
            raise WebhookVerificationError(
                "no webhook secret: pass secret= or set TRACKFORGE_WEBHOOK_SECRET (the endpoint's whsec_ secret)"
            )
        return verify_signed(raw_body, headers, key)
