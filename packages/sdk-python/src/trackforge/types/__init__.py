"""Response models and request-parameter TypedDicts, generated from openapi.json into _models.py and _params.py
(scripts/generate_models.py, scripts/generate_resources.py)."""

from ._models import (
    ApiKey,
    ApiKeyWithSecret,
    Audio,
    AuthSession,
    CheckoutSession,
    CreditBalance,
    CreditEntry,
    Credits,
    Event,
    MailSent,
    Me,
    MeWorkspace,
    Music,
    PortalSession,
    PublicTrack,
    PublicTrackUrls,
    Section,
    Subscription,
    Track,
    TrackError,
    TrackUrls,
    User,
    Voice,
    Waveform,
    WebhookEndpoint,
    Workspace,
    WorkspaceDetails,
)  # fmt: skip
from ._params import *  # noqa: F403
from ._params import __all__ as _params_all

__all__ = [
    "ApiKey", "ApiKeyWithSecret", "Audio", "AuthSession", "CheckoutSession", "CreditBalance",
    "CreditEntry", "Credits", "Event", "MailSent", "Me", "MeWorkspace", "Music", "PortalSession",
    "PublicTrack", "PublicTrackUrls", "Section", "Subscription", "Track", "TrackError", "TrackUrls",
    "User", "Voice", "Waveform", "WebhookEndpoint", "Workspace", "WorkspaceDetails",
]  # fmt: skip
__all__ += _params_all
