"""The shared words in English (app.i18n loads this module or app.i18n_fr, never both: they declare
the same names). ASCII only; every line fits 16 columns once its %-fields are filled."""

from engine.core import REFUSE_NOT_INT, REFUSE_NOT_NOW, REFUSE_OVER

MESSAGES = {
    # setup menu
    "play": "Play",
    "game": "Game",
    "mode": "Mode",
    "players": "Players",
    "humans": "Humans",
    "level": "Bots",  # the bots' level row
    "normal": "normal",
    "beginner": "easy",  # the beginner level: the bots play weaker, for children
    "selftest": "Self-test",
    "unavailable": "Game unavailable",
    "no_game": "No game",
    "yes": "yes",
    "no": "no",
    "no_limit": "any",  # a count option's 0: no limit
    "deck": "deck",
    "board": "board",
    "table": "table",
    "score": "score",
    "menu_hint": "K/S:line OK:set",
    "length": "~%d rounds, <%d",  # Tanturlurette's rounds: the median, and 19 games in 20 shorter
    # in-game menu
    "continue": "Continue",
    "undo": "Undo",
    "redo": "Redo",
    "rules": "Rules",  # the game menu's row: the game's rules, a page at a time
    "rules_page": "K/S %d/%d OK:back",  # under a page of the rules
    "new_game": "New game",
    "rows_hint": "K/S: line",  # the game menu's keys, with hold_confirm between them
    "back_hint": "BACK: to game",
    # game
    "round": "Round %d  pot %d",
    "drawing_dealer": "Drawing dealer",
    "dealer_is": "Dealer %s",
    "to_act": "%s to play",
    "bot_thinks": "%s (bot)",
    "keep_swap": "K:keep S:swap",
    "keep_draw": "K:keep S:draw",
    "take_refuse": "K:take S:refuse",
    "king_hint": "Hold OK: a King",  # board mode: the neighbour's King refused
    "hold_ok": "Hold OK: card",
    "your_card": "Your card %s",
    "advice_hint": "Hold K: a tip",  # a long KEEP asks what the bot would do (the advice)
    "advice": "Tip: %s",  # the advice: the move the bot would play in the seat's place
    "advice_this": "Tip: this move",  # the advice, when the move's name is too long to follow it
    "drawn": "Drawn %s",
    "dealer_shows": "Turned up %s",
    "mark_losers": "Losers?",
    "mark_hint": "K/S:seat OK:x",
    "marked": "Marked: %s",
    "confirm": "Hold OK: confirm",
    "centre": "centre: confirm",  # the marking cursor past the last seat
    "nobody": "nobody",
    "reentry_ask": "%s in l'enfer",
    "reentry_hint": "K:back S:out",
    "losers": "Lose: %s",
    "all_same": "All the same",
    "next": "OK: next",
    "winner": "Winner: %s",
    "winners": "Shared: %s",  # a pot shared by the winners
    "winners_all": "Winners: %s",  # several winners, in the engine's order
    "no_winner": "No winner",
    "deal_end": "End of deal %d",  # a deal's reveal: what was told last
    "pot_tokens": "Pot: %d tokens",
    "tokens": "Tokens",
    "to_menu": "OK: menu",
    "undone": "Undone",
    "redone": "Redone",
    "nothing_undo": "Nothing to undo",
    "nothing_redo": "Nothing to redo",
    "resumed": "Game resumed",
    "round_only": "Round %d",
    "dropped": "%d dropped",
    "not_resumed": "Nothing resumed",
    "error": "Error",
    "choose": "Hold OK: play",  # a long OK plays the move shown
    "peek_hint": "OK: see the hand",
    "spread_hint": "OK: spread hand",  # a bot's turn: the spread view (table)
    "table_pick": "K/S: a penalty",  # a bot's turn: K/S step to the table's entries (Acheron's slips)
    "bot_waits": "Waits: let go",  # a bot due to play waits for a held button's release
    "target_is": "Target %d",
    "game_over": "Game over",
    # presses that forgive: confirming is holding OK (scorekeeper, game menu)
    "hold_confirm": "Hold OK: confirm",
    "hold_longer": "OK: hold it down",  # a short OK confirmed nothing
    "score_steps": "K-1 S+1 hold:10",  # KEEP steps down, SWAP up; held, by ten
    "score_pick": "K/S: pick",
    "applied_head": "End of deal %d:",  # then what the deal applied
    "abandon_ask": "Abandon game?",
    "abandon_yes": "Hold OK: yes",
    "abandon_no": "K/S/BACK: no",
    "undo_none": "Undo: nothing",  # the game menu's rows with nothing to do
    "redo_none": "Redo: nothing",
    "reveal_page": "K/S %d/%d OK:next",  # a deal's reveal of several pages
    # a save the flash refused (Session "storage" events), and the loop's out of memory
    "flash_full": "Flash full",
    "flash_error": "Flash error %d",
    "saved_again": "Saved again",
    "goes_on": "game goes on",
    "out_of_memory": "Out of memory",
}

# The refusal codes every game shares (engine.core REFUSE_*), each a sentence that app.i18n.wrap
# fits into three lines of 16 without cutting a word.
REFUSALS = {
    REFUSE_OVER: "the game is over",
    REFUSE_NOT_NOW: "not possible now",
    REFUSE_NOT_INT: "not a whole number",
}
UNWORDED = "move refused (%d)"  # a code without words: visible, no crash

# The notice of a shortage (app.loop), made once with the module: saying it allocates nothing.
OUT_OF_MEMORY = [MESSAGES["out_of_memory"], MESSAGES["goes_on"]]
