"""The USB-serial line protocol (docs/PROTOCOL.md): event lines out, command lines in.

CONFIG_CODE lives here, where the boot finds it without loading the command handlers
(proto.commands, loaded only once a host speaks: proto.link)."""

# The config's loader and the board profiles it checks against: the boot lets them go once the
# config is read (hw_esp32.boot), set_config loads them for as long as it runs.
CONFIG_CODE = ("app.config", "app.boards")
