"""What the firmware declares in one place is used through that place (issue 25's small debts):
a button event's layout through app.buttons' event_button and event_kind, and the hardware
layer's parts through app.hardware.Hardware, never probed for in the loop."""

import ast
import os

from test_import_graph import LIB, module_files


def parsed():
    for dotted, path in module_files():
        with open(path, encoding="utf-8") as f:
            yield dotted, ast.parse(f.read(), path)


def test_no_module_but_app_buttons_reads_an_events_bits_by_hand():
    by_hand = []
    for dotted, tree in parsed():
        if dotted == "app.buttons":
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.RShift, ast.BitAnd))
                    and isinstance(node.left, ast.Name) and node.left.id == "event"):
                by_hand.append("%s:%d" % (dotted, node.lineno))
    assert by_hand == []


def test_the_loop_asks_the_hardware_for_no_part_it_may_lack():
    with open(os.path.join(LIB, "app", "loop.py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    probes = [node.lineno for node in ast.walk(tree)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "hasattr")]
    assert probes == []
