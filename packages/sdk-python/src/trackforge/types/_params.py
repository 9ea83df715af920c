# Generated from openapi.json and packages/sdk-manifest.json by
# packages/sdk-python/scripts/generate_resources.py. Do not edit: run `npm run generate:sdks`.
"""Request parameters as TypedDicts: the nested shapes arguments take (e.g. SectionParam) and each
operation's whole body (e.g. TracksCreateParams)."""

from typing import Literal, Mapping, Optional, Sequence, Union

from typing_extensions import Required, TypedDict

__all__ = [
    "ApiKeysCreateParams",
    "AuthMagicLinkParams",
    "AuthSignupParams",
    "BillingCheckoutParams",
    "BillingPortalParams",
    "SectionParam",
    "TracksCreateParams",
    "TracksCreateVariationParams",
    "TracksExtendParams",
    "TracksPublishParams",
    "WebhookEndpointsCreateParams",
    "WebhookEndpointsUpdateParams",
]


class SectionParam(TypedDict, total=False):
    name: Required[str]
    """The section's name, reported in music.sections; "verse", "chorus", "bridge", "drop"… also set how it is
    arranged.
    """
    bars: int
    """Length in bars (give bars or seconds)."""
    seconds: float
    """Length in seconds, rounded to whole bars at the track's tempo."""
    energy: float
    """0 (calm) to 1 (full): drum layers, density, loudness."""
    prompt: str
    """Words for this section alone: moods set its energy, named instruments its parts ("no drums" rests them)."""
    instruments: Sequence[str]
    """The parts that play in this section (instruments such as "piano", "drums", or roles such as "lead",
    "chords"); the others rest.
    """


class TracksCreateParams(TypedDict, total=False):
    prompt: Required[str]
    """What the music should sound like."""
    duration: Union[str, float]
    """duration must be "short" (30 s), "standard" (120 s), "long" (240 s), or a length from 5 s to 600 s such as
    "45s" or "2:30". Required unless sections is given (a section plan sets the length).
    """
    chords: str
    """A chord progression the arrangement follows exactly, looped over the track: "Am F C G" (a bar each), "Am:2 F
    C G" (bars after a colon), "| Dm7 G7 | Cmaj7 |" (bar lines share a bar), slash chords "C/E", or roman
    numerals in the key "I V vi IV". Without a key in the prompt or `key`, the key is the progression's. At most
    128 chords a cycle (bars repeated with "%" count).
    """
    sections: Sequence[SectionParam]
    """A section plan the track follows exactly, in order. The track lasts as long as the plan (at most 600 s); the
    plan wins over `duration`.
    """
    melody: str
    """A Standard MIDI File (at most 256 KB, 128 tracks, 60,000 events and 20,000 notes; its melody at most 4,000
    notes) whose melody the lead plays, base64-encoded; or send multipart/form-data with a `request` JSON part
    and a `melody` file part. The file's tempo is used unless `bpm` is given.
    """
    lyrics: str
    """Words to sing, one line per phrase (at most 3000 characters, 120 lines of at most 120 characters, English;
    numbers are sung as words), with optional section tags on their own lines: [verse], [pre-chorus], [chorus],
    [bridge], [outro] ([hook] and [refrain] are a chorus). A tag with no lines under it repeats the last section
    of that name (a chorus written once is sung again); [intro], [instrumental] and a bare [outro] mark
    instrumental sections. Without `sections`, the tags become the track's section plan. Sung by `voice_id` (a
    voice whose `vocal` is `sung`) or a singer the engine picks; rapped for hip hop and trap or a prompt that
    asks for rap. With `melody`, the words are laid on its notes. Lyrics that cannot fit the duration are 422
    `unprocessable_input` saying how many seconds they need.
    """
    voice_id: Optional[str]
    """A marketplace voice (voc_…). A `sung` voice sings `lyrics` (or wordless vowels without them); a `wordless`
    or `instrumental` voice performs the lead melody and cannot take lyrics.
    """
    seed: int
    """Same seed + same request → same track."""
    loop: bool
    bpm: int
    """Tempo in beats per minute, 40–240; omit to let the prompt decide."""
    key: str
    """Musical key such as "D minor", "F# major" or "Bb dorian"; omit to let the prompt decide."""
    visibility: Literal["private", "unlisted", "public"]
    webhook_url: str
    metadata: Mapping[str, str]


class TracksCreateVariationParams(TypedDict, total=False):
    keep: Required[Sequence[Literal["drums", "percussion", "bass", "chords", "pad", "arp", "lead", "counter"]]]
    """Parts to keep exactly as they are in the original (note for note, and sample for sample in their stems): any
    of drums, percussion, bass, chords, pad, arp, lead, counter. Every other part is written again from the new
    seed. Keeping any part but the drums keeps the chord progression too. [] keeps nothing.
    """
    seed: int
    """Seed of the parts written again; omit for a random one (never the original’s)."""


class TracksExtendParams(TypedDict, total=False):
    seconds: float
    """Seconds to add (give seconds or sections). The new track lasts the original's length plus these (at most 600
    s in all); the continuation goes on in the original's form (a progression keeps cycling, a section plan's
    last section goes on).
    """
    sections: Sequence[SectionParam]
    """A section plan for the continuation (give seconds or sections), shaped like POST /v1/tracks `sections`: it
    starts where the original's ending began (the ending gives way to it), and the new track lasts the original
    up to there plus the plan (at most 600 s in all).
    """


class TracksPublishParams(TypedDict, total=False):
    visibility: Required[Literal["private", "unlisted", "public"]]


class WebhookEndpointsCreateParams(TypedDict, total=False):
    url: Required[str]
    """Public http(s) URL that receives POSTs of events"""
    description: str
    """Your own note about the endpoint (at most 500 characters)"""
    event_types: Sequence[
        Literal["track.queued", "track.generating", "track.ready", "track.failed", "webhook_endpoint.disabled"]
    ]
    """Omit or [] for every event type"""


class WebhookEndpointsUpdateParams(TypedDict, total=False):
    url: str
    """A new public http(s) URL; checked like a new endpoint"""
    description: Optional[str]
    """A new note; null removes it"""
    event_types: Sequence[
        Literal["track.queued", "track.generating", "track.ready", "track.failed", "webhook_endpoint.disabled"]
    ]
    """The new list; [] for every event type"""
    enabled: bool
    """true enables a disabled endpoint again (after a 410 or 5 days of failures; what was cancelled stays
    cancelled, replay it from GET /v1/events); false disables it and cancels its queued deliveries
    """


class ApiKeysCreateParams(TypedDict, total=False):
    name: Required[str]
    mode: Literal["live", "test"]
    """tf_live_ (default) or tf_test_ key."""


class BillingCheckoutParams(TypedDict, total=False):
    price: Required[Literal["studio_monthly", "enterprise_monthly", "credits_100", "credits_500"]]
    """Catalogue item: a monthly plan or a one-off credit pack"""
    success_url: Required[str]
    """Where Stripe sends the buyer after paying; must be on an allowed origin"""
    cancel_url: Required[str]
    """Where Stripe sends the buyer on cancel; must be on an allowed origin"""


class BillingPortalParams(TypedDict, total=False):
    return_url: Required[str]
    """Where the portal sends the user back; must be on an allowed origin"""


class AuthSignupParams(TypedDict, total=False):
    email: Required[str]
    """Your email address; case and surrounding spaces are ignored."""
    name: str
    """Your display name."""
    redirect_to: str
    """Where the studio's sign-in page continues after the link is verified: a path on this site such as
    /studio/tracks (absolute URLs are refused).
    """


class AuthMagicLinkParams(TypedDict, total=False):
    email: Required[str]
    """Your email address; case and surrounding spaces are ignored."""
    redirect_to: str
    """Where the studio's sign-in page continues after the link is verified: a path on this site such as
    /studio/tracks (absolute URLs are refused).
    """
