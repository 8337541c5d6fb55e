"""The firmware's modules import one another without a circle (issue 14: app.core and the modes
used to import each other). Every import counts, those inside functions too: a lazy import still
ties the two modules together."""

import ast
import os

LIB = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "firmware", "lib")


def module_files():
    for folder, _dirs, files in os.walk(LIB):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                dotted = os.path.relpath(path, LIB)[:-3].replace(os.sep, ".")
                if dotted.endswith(".__init__"):
                    dotted = dotted[: -len(".__init__")]
                yield dotted, path


def import_graph():
    modules = dict(module_files())
    graph = {}
    for dotted, path in modules.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        targets = set()
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names = [node.module] + [node.module + "." + alias.name for alias in node.names]
            for name in names:
                if name in modules and name != dotted:
                    targets.add(name)
        graph[dotted] = targets
    return graph


def find_cycle(graph):
    """One import circle as a list of modules, or None."""
    state = {}  # module -> 1 while on the path, 2 when done
    path = []

    def visit(node):
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_circle_in_the_firmware():
    graph = import_graph()
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_modes_do_not_import_the_app_core():
    graph = import_graph()
    for module, targets in graph.items():
        if module.startswith("app.modes."):
            assert "app.core" not in targets, module


def test_the_cycle_finder_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
