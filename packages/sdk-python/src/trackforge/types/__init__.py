"""Response models, generated from openapi.json into _models.py (see scripts/generate_models.py)."""

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

__all__ = [
    "ApiKey", "ApiKeyWithSecret", "Audio", "AuthSession", "CheckoutSession", "CreditBalance",
    "CreditEntry", "Credits", "Event", "MailSent", "Me", "MeWorkspace", "Music", "PortalSession",
    "PublicTrack", "PublicTrackUrls", "Section", "Subscription", "Track", "TrackError", "TrackUrls",
    "User", "Voice", "Waveform", "WebhookEndpoint", "Workspace", "WorkspaceDetails",
]  # fmt: skip
