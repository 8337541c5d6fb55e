"""The repository's scripts that are no package (hardware/make_wiring.py, firmware/web/serve.py),
loaded as modules for the host tests."""

import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load_script(name, *path):
    """The script at ROOT/<path...> run as a new module called name."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, *path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
