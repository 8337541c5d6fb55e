"""The set_config command (docs/PROTOCOL.md) and save_config, which checks a config with the boot's
own loader before it writes it. proto.commands loads this module for set_config alone, and
proto.link lets go of it once the command is answered.
"""

from app.memory import is_loaded, let_go

from proto import CONFIG_CODE  # what set_config loads for as long as it runs
from proto.fields import field
from proto.wire import E_BAD_ARGS, E_FAILED, CommandError


def set_config(app, link, config_path, command):
    changes = field(command, "config", dict)
    if config_path is None:
        raise CommandError(E_FAILED, "this device has no writable config")
    loaded = [name for name in CONFIG_CODE if is_loaded(name)]
    try:
        return _set_config(app, link, config_path, changes)
    finally:  # what it loaded goes again: the running device has no use for it
        for name in CONFIG_CODE:
            if name not in loaded:
                let_go(name)


def _set_config(app, link, config_path, changes):
    from app.config import DEFAULT_CONFIG, copy_config

    # the config the next boot reads (the one in use, or what set_config wrote since) with
    # the changes applied one section deep, so that changes sent one command at a time add
    # up; an unknown key is refused
    merged = copy_config(link.saved_config or app.config)
    for key in changes:
        if key not in DEFAULT_CONFIG:
            raise CommandError(E_BAD_ARGS, "config: unknown key %r" % key)
        value = changes[key]
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            for sub in value:
                if sub not in DEFAULT_CONFIG[key]:
                    raise CommandError(E_BAD_ARGS, "config: unknown key %s.%s" % (key, sub))
                merged[key][sub] = value[sub]
        else:
            merged[key] = value
    save_config(config_path, merged)
    link.saved_config = merged
    return {"config": merged, "restart": True}


def save_config(path, config):
    """Check the config with the boot's own loader, then write it atomically.

    The candidate goes to a temp file that load_config reads back: a value the boot would replace
    by its default is refused here, with the loader's message, and the old file stays in place.
    """
    import json
    import os

    from app.config import load_config

    tmp = path + ".tmp"
    try:
        with open(tmp, "w") as f:
            f.write(json.dumps(config))
        problems = load_config(tmp)[1]
        if problems:
            os.remove(tmp)
            raise CommandError(E_BAD_ARGS, "config: " + "; ".join(problems))
        os.rename(tmp, path)
    except OSError as err:
        raise CommandError(E_FAILED, "config not saved: %s" % err) from None
