"""The generated resources, one module each, in a sync and an async flavour (see scripts/generate_resources.py)."""
