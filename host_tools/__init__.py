"""Host-side tools (CPython): serial logger, history, replay and verification, deploy, plots."""
