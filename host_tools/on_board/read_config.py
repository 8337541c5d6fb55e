"""Run on the board by `tanturlurette deploy` (with `mpremote run`) before anything is written.

It prints the board's /config.json between two marker lines, or one line saying there is none, so
that deploy keeps the config `tanturlurette config` changed and writes one only on a board that
has none. The markers keep what the file holds apart from anything else on the port.
"""

NONE = "tanturlurette-config: none"
BEGIN = "tanturlurette-config: begin"
END = "tanturlurette-config: end"


def read_config(path):
    """The file's text, or None when the board has no such file."""
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


if __name__ == "__main__":  # only on the board: a test imports this file and calls the function
    text = read_config("config.json")  # the board runs from /, and reads its config there too
    if text is None:
        print(NONE)
    else:
        print(BEGIN)
        print(text)
        print(END)
