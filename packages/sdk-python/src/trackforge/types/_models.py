# Generated from openapi.json by packages/sdk-python/scripts/generate_models.py. Do not edit:
# run `python packages/sdk-python/scripts/generate_models.py` after openapi.json changes.
# ruff: noqa

from __future__ import annotations

from pydantic import AwareDatetime
from typing import Any, Dict, List, Literal, Optional, Union
from trackforge._model_base import BaseModel


class ApiKey(BaseModel):
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    id: str
    """
    API key id: key_ followed by a 26-character ULID.
    """
    last_four: str
    last_used_at: Optional[AwareDatetime]
    mode: Literal["live", "test"]
    name: str
    object: Literal["api_key"]
    prefix: str
    """
    How the key starts, e.g. tf_live_key_01J…
    """


class ApiKeyWithSecret(BaseModel):
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    id: str
    """
    API key id: key_ followed by a 26-character ULID.
    """
    last_four: str
    last_used_at: Optional[AwareDatetime]
    mode: Literal["live", "test"]
    name: str
    object: Literal["api_key"]
    prefix: str
    """
    How the key starts, e.g. tf_live_key_01J…
    """
    secret: str
    """
    The full key. Shown only in this answer: store it now.
    """


class Audio(BaseModel):
    channels: int
    duration_seconds: Union[int, float]
    formats: List[str]
    loudness_lufs: Union[int, float]
    sample_rate: int
    true_peak_dbtp: Union[int, float]


class CheckoutSession(BaseModel):
    id: str
    """
    Stripe Checkout Session id (cs_…)
    """
    url: str
    """
    Redirect the buyer here
    """


class CreditBalance(BaseModel):
    """
    Spendable credits and credits held by tracks being generated.
    """

    balance: int
    held: int


class CreditEntry(BaseModel):
    amount: int
    """
    Change to the spendable balance, never 0: a hold is -1 (the track's charge), a refund +1.
    """
    balance_after: int
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    description: Optional[str]
    held_after: int
    id: str
    """
    Credit entry id: crd_ followed by a 26-character ULID.
    """
    kind: Literal["grant", "topup", "hold", "capture", "release", "refund", "adjust"]
    object: Literal["credit_entry"]
    track_id: Optional[str]


class Entries(BaseModel):
    data: List[CreditEntry]
    has_more: bool
    next_cursor: Optional[str]
    object: Literal["list"]


class Credits(BaseModel):
    balance: int
    """
    Credits free to spend; each track holds 1 until it is ready or failed.
    """
    entries: Entries
    held: int
    """
    Credits held by tracks still being generated.
    """
    object: Literal["credits"]


class MailSent(BaseModel):
    status: Literal["sent"]


class Word(BaseModel):
    end: Union[int, float]
    start: Union[int, float]
    text: str


class Lyric(BaseModel):
    end: Union[int, float]
    section: str
    start: Union[int, float]
    text: str
    """
    The line as written (digits stay digits).
    """
    words: Optional[List[Word]] = None
    """
    Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none.
    """


class Section(BaseModel):
    end: Union[int, float]
    name: str
    start: Union[int, float]


class Music(BaseModel):
    bpm: Union[int, float]
    genre: str
    instruments: List[str]
    key: str
    lyrics: Optional[List[Lyric]] = None
    """
    The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics.
    """
    moods: List[str]
    sections: List[Section]
    time_signature: str


class PortalSession(BaseModel):
    url: str
    """
    Redirect the user here
    """


class PublicTrackUrls(BaseModel):
    audio: str
    cover: str
    lyrics: Optional[str] = None
    """
    The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready.
    """
    share: str
    waveform: str


class Subscription(BaseModel):
    """
    The workspace subscription as last reported by Stripe.
    """

    current_period_end: Optional[AwareDatetime]
    price: Optional[str]
    """
    Catalogue key of the subscribed plan, e.g. studio_monthly.
    """
    status: Optional[str]
    """
    Stripe subscription status (active, past_due, canceled…); null when none.
    """


class Melody(BaseModel):
    """
    A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody.
    """

    bpm: Optional[Union[int, float]]
    """
    The file's tempo, or null when it states none.
    """
    note_count: int
    """
    Notes of the melody read from the MIDI file.
    """
    time_signature: Optional[str]
    """
    The file's time signature, or null.
    """


class Section1(BaseModel):
    bars: Optional[int] = None
    energy: Optional[Union[int, float]] = None
    instruments: Optional[List[str]] = None
    name: str
    prompt: Optional[str] = None
    seconds: Optional[Union[int, float]] = None


class Inputs(BaseModel):
    """
    The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given.
    """

    chords: Optional[str]
    """
    The chord progression as sent, or null.
    """
    lyrics: Optional[str]
    """
    The lyrics as sent, or null.
    """
    melody: Optional[Melody]
    """
    A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody.
    """
    sections: Optional[List[Section1]]
    """
    The section plan as sent, or null.
    """


class TrackError(BaseModel):
    code: str
    message: str


class TrackUrls(BaseModel):
    audio: str
    cover: str
    """
    Cover art drawn from the track (SVG), readable by whoever may read the track.
    """
    lyrics: Optional[str] = None
    """
    The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready.
    """
    midi: str
    share: str
    stems: str
    stream: str
    waveform: str


class User(BaseModel):
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    email: str
    id: str
    """
    User id: usr_ followed by a 26-character ULID.
    """
    name: Optional[str]
    object: Literal["user"]


class Creator(BaseModel):
    name: str


class Voice(BaseModel):
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    creator: Creator
    description: str
    gender: Literal["female", "male", "neutral"]
    id: str
    """
    Voice id: voc_ followed by a 26-character ULID.
    """
    languages: List[str]
    """
    Languages the voice sings lyrics in (e.g. `["en"]` for a sung voice); empty for wordless and instrumental voices.
    """
    name: str
    object: Literal["voice"]
    plan_required: Optional[Literal["studio", "enterprise"]]
    """
    null: every plan may use this voice.
    """
    preview_url: str
    range: Literal["soprano", "mezzo", "alto", "tenor", "baritone", "bass"]
    styles: List[str]
    tags: List[str]
    timbre: str
    """
    The sound that carries the voice, e.g. "choir aahs" or "flute".
    """
    usage_count: int
    """
    Tracks finished with this voice.
    """
    vocal: Literal["sung", "wordless", "instrumental"]
    """
    What the engine renders: sung (the engine's singing voice sings a track's lyrics in `languages`, or the lead melody on vowels without them), wordless (a General MIDI vocal sound — choir aahs, voice oohs, synth voice — plays the lead melody on vowels; it takes no lyrics) or instrumental (an instrument plays the lead in this voice's range and phrasing; no lyrics).
    """


class Waveform(BaseModel):
    object: Literal["waveform"]
    peaks: List[Union[int, float]]
    """
    min/max pairs per bucket, interleaved, in -1…1
    """
    sample_rate: int
    samples_per_peak: Union[int, float]


class WebhookEndpoint(BaseModel):
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    description: Optional[str]
    """
    Your own note about the endpoint
    """
    disabled_reason: Optional[str]
    """
    Why deliveries stopped, e.g. the URL answered 410 Gone
    """
    event_types: List[
        Literal[
            "track.queued",
            "track.generating",
            "track.ready",
            "track.failed",
            "webhook_endpoint.disabled",
        ]
    ]
    """
    Event types sent to this endpoint; empty = all
    """
    id: str
    """
    Webhook endpoint id: whe_ followed by a 26-character ULID.
    """
    object: Literal["webhook_endpoint"]
    secret: str
    """
    whsec_… secret that signs this endpoint's deliveries (Standard Webhooks)
    """
    status: Literal["enabled", "disabled"]
    url: str


class Workspace(BaseModel):
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    credits: CreditBalance
    id: str
    """
    Workspace id: wsp_ followed by a 26-character ULID.
    """
    name: str
    object: Literal["workspace"]
    plan: Literal["free", "studio", "enterprise"]


class WorkspaceDetails(BaseModel):
    id: str
    name: str
    object: Literal["workspace"]
    plan: Literal["free", "studio", "enterprise"]
    signing_secret: str
    """
    whsec_… secret that signs WebSocket event frames and per-track webhook_url deliveries (Standard Webhooks)
    """


class AuthSession(BaseModel):
    access_token: str
    """
    A JWT for Authorization: Bearer; valid for expires_in seconds.
    """
    expires_in: int
    redirect_to: Optional[str]
    """
    The redirect_to given when the link was requested.
    """
    token_type: Literal["Bearer"]
    user: User
    workspace: Workspace


class MeWorkspace(BaseModel):
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    credits: CreditBalance
    id: str
    """
    Workspace id: wsp_ followed by a 26-character ULID.
    """
    name: str
    object: Literal["workspace"]
    plan: Literal["free", "studio", "enterprise"]
    subscription: Subscription


class PublicTrack(BaseModel):
    """
    A track as anyone outside its workspace sees it (public and unlisted tracks): never its webhook_url, metadata, workspace_id, seed, error or credits.
    """

    audio: Optional[Audio]
    created_at: str
    duration: str
    duration_seconds: Union[int, float]
    id: str
    music: Optional[Music]
    object: Literal["public_track"]
    prompt: str
    title: str
    urls: PublicTrackUrls
    voice_id: Optional[str]


class Track(BaseModel):
    audio: Optional[Audio]
    bpm: Optional[int]
    """
    The tempo asked for in the request, or null (music.bpm is the one played).
    """
    completed_at: Optional[AwareDatetime]
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    credits_charged: int
    """
    Credits held or spent on this track (0 after a refund).
    """
    duration: str
    """
    The duration as asked for, normalised (short, 45s, 2:30…).
    """
    duration_seconds: Union[int, float]
    """
    Length of the finished track in seconds (5–600).
    """
    error: Optional[TrackError]
    """
    Why generation failed (status failed); null otherwise.
    """
    id: str
    """
    Track id: trk_ followed by a 26-character ULID.
    """
    inputs: Inputs
    """
    The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given.
    """
    key: Optional[str]
    kind: Literal["original", "variation", "extension"]
    """
    How the track was made: from its prompt, or from another track by POST /v1/tracks/{id}/variations or /extend.
    """
    loop: bool
    metadata: Dict[str, Any]
    """
    Your own key/value pairs, returned as sent.
    """
    music: Optional[Music]
    object: Literal["track"]
    parent_track_id: Optional[str]
    """
    The track a variation or extension was made from (it may since have been deleted); null for an original.
    """
    progress: Union[int, float]
    """
    0 to 1 while generating; 1 when ready.
    """
    prompt: str
    """
    The prompt as sent, trimmed.
    """
    seed: int
    """
    The seed used; the same seed and request give the same track.
    """
    started_at: Optional[AwareDatetime]
    status: Literal["queued", "generating", "ready", "failed"]
    title: str
    """
    A title made from the prompt.
    """
    urls: TrackUrls
    visibility: Literal["private", "unlisted", "public"]
    voice_id: Optional[str]
    """
    The marketplace voice (voc_…), or null for none.
    """
    webhook_url: Optional[str]
    workspace_id: str
    """
    Workspace id: wsp_ followed by a 26-character ULID.
    """


class Data(BaseModel):
    track: Optional[Track] = None
    webhook_endpoint: Optional[Dict[str, Any]] = None
    """
    webhook_endpoint.disabled: the endpoint as GET /v1/webhook-endpoints/{id} shows it, without its secret
    """


class Event(BaseModel):
    created_at: AwareDatetime
    """
    When it was created (ISO 8601, UTC).
    """
    data: Data
    id: str
    """
    evt_…; also the Standard Webhooks message id (webhook-id)
    """
    type: Literal[
        "track.queued",
        "track.generating",
        "track.ready",
        "track.failed",
        "webhook_endpoint.disabled",
    ]


class Me(BaseModel):
    auth_method: Literal["api_key", "access_token", "session"]
    object: Literal["me"]
    user: Optional[User]
    """
    The signed-in user; null when an API key calls.
    """
    workspace: MeWorkspace
