"""Hand-written helpers on top of the generated resources: create_and_wait, downloads, subscribe."""
