"""The USB-serial line protocol (docs/PROTOCOL.md): event lines out, command lines in."""
