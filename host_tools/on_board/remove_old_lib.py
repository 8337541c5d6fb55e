"""Run on the board by `tanturlurette deploy` (with `mpremote run`) before the new /lib is copied.

Removing the old /lib first means no module of an earlier build stays importable: a game pack left
out of this build, or a module since renamed. Saved games and the config live outside /lib. A board
that has no /lib yet is fine. MicroPython has no shutil, hence the walk.
"""

import os

FOLDER = 0x4000  # the type os.ilistdir gives a folder


def remove_tree(path):
    for entry in os.ilistdir(path):
        inner = path + "/" + entry[0]
        if entry[1] == FOLDER:
            remove_tree(inner)
        else:
            os.remove(inner)
    os.rmdir(path)


def remove_if_present(path):
    try:
        os.stat(path)
    except OSError:
        return False
    remove_tree(path)
    return True


if __name__ == "__main__":  # only on the board: a test imports this file and calls the functions
    print("removed the old /lib" if remove_if_present("/lib") else "no /lib yet")
