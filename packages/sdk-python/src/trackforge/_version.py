__version__ = "0.1.0"
# The API version this SDK was written against; sent as Trackforge-Version on every request.
API_VERSION = "2026-11-01"
