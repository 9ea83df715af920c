"""One class per API resource, in a sync and an async flavour."""
