"""The field checks every command shares (proto.fields): a field of the wrong type, missing or out
of range is refused with bad_args, and the message names the field and what it must be."""

from proto.fields import cursor, field
from proto.wire import E_BAD_ARGS, CommandError
from support import expect_raises


def test_a_field_of_the_right_type_is_returned():
    command = {"game_id": 3, "name": "q1-s2", "names": ["Anne"], "config": {"language": "fr"}}
    assert field(command, "game_id", int) == 3
    assert field(command, "name", str) == "q1-s2"
    assert field(command, "names", list) == ["Anne"]
    assert field(command, "config", dict) == {"language": "fr"}


def test_a_missing_or_mistyped_field_is_refused_by_name():
    err = expect_raises(CommandError, field, {}, "game_id", int)
    assert err.code == E_BAD_ARGS and "missing field 'game_id'" in err.message
    err = expect_raises(CommandError, field, {"game_id": "3"}, "game_id", int)
    assert err.code == E_BAD_ARGS and "'game_id' must be of type int" in err.message
    err = expect_raises(CommandError, field, {"game_id": True}, "game_id", int)  # JSON true is no number
    assert err.code == E_BAD_ARGS and "got True" in err.message


def test_a_cursor_is_0_unless_given_and_never_below():
    assert cursor({}, "start") == 0
    assert cursor({"start": 64}, "start") == 64
    err = expect_raises(CommandError, cursor, {"start": -1}, "start")
    assert err.code == E_BAD_ARGS and "start must be 0 or more, got -1" in err.message
    err = expect_raises(CommandError, cursor, {"after": "h2"}, "after")
    assert err.code == E_BAD_ARGS and "'after' must be of type int" in err.message
