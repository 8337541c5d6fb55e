"""The shared words in French (app.i18n loads this module or app.i18n_en, never both: they declare
the same names). ASCII only; every line fits 16 columns once its %-fields are filled."""

from engine.core import REFUSE_NOT_INT, REFUSE_NOT_NOW, REFUSE_OVER

MESSAGES = {
    # setup menu
    "play": "Jouer",
    "game": "Jeu",
    "mode": "Mode",
    "players": "Joueurs",
    "humans": "Humains",
    "level": "Robots",  # the bots' level row
    "normal": "normal",
    "beginner": "facile",  # the beginner level: the bots play weaker, for children
    "selftest": "Auto-test",
    "unavailable": "Jeu indisponible",
    "no_game": "Aucun jeu",
    "yes": "oui",
    "no": "non",
    "no_limit": "libre",  # a count option's 0: no limit
    "deck": "donne",
    "board": "plateau",
    "table": "table",
    "score": "score",
    "menu_hint": "K/S:ligne OK:val",
    "length": "~%d tours, <%d",  # Tanturlurette's rounds: the median, and 19 games in 20 shorter
    # in-game menu
    "continue": "Continuer",
    "undo": "Annuler coup",
    "redo": "Retablir",
    "rules": "Regles",  # the game menu's row: the game's rules, a page at a time
    "rules_page": "K/S %d/%d OK:fin",  # under a page of the rules
    "new_game": "Nouv. partie",  # "Nouvelle partie" and the cursor: 17 columns
    "rows_hint": "K/S: ligne",  # the game menu's keys, with hold_confirm between them
    "back_hint": "BACK: retour jeu",
    # game
    "round": "Tour %d  pot %d",
    "drawing_dealer": "Tirage donneur",
    "dealer_is": "Donneur %s",
    "to_act": "%s joue",
    "bot_thinks": "%s (robot)",
    "keep_swap": "K:garde S:change",
    "keep_draw": "K:garde S:pioche",
    "take_refuse": "K:prend S:refuse",
    "king_hint": "Tenir OK: un Roi",  # board mode: the neighbour's King refused
    "hold_ok": "Tenir OK: carte",
    "your_card": "Ta carte %s",
    "advice_hint": "Tenir K: conseil",  # a long KEEP asks what the bot would do (the advice)
    "advice": "Conseil: %s",  # the advice: the move the bot would play in the seat's place
    "advice_this": "Conseil: ce coup",  # the advice, when the move's name is too long to follow it
    "drawn": "Tiree %s",
    "dealer_shows": "Retournee %s",
    "mark_losers": "Perdants ?",
    "mark_hint": "K/S:siege OK:x",
    "marked": "Marques: %s",
    "confirm": "Tenir OK:valider",
    "centre": "centre: valider",  # the marking cursor past the last seat
    "nobody": "aucun",
    "reentry_ask": "%s en enfer",
    "reentry_hint": "K:revient S:sort",
    "losers": "Perd: %s",
    "all_same": "Tous egaux",
    "next": "OK: suite",
    "winner": "Gagne: %s",
    "winners": "Partage: %s",  # a pot shared by the winners
    "winners_all": "Gagnants: %s",  # several winners, in the engine's order
    "no_winner": "Aucun gagnant",
    "deal_end": "Fin de donne %d",  # a deal's reveal: what was told last
    "pot_tokens": "Pot: %d jetons",
    "tokens": "Jetons",  # then each seat's tokens won (+) or lost (-)
    "to_menu": "OK: menu",
    "undone": "Coup annule",
    "redone": "Coup retabli",
    "nothing_undo": "Rien a annuler",
    "nothing_redo": "Rien a retablir",
    "resumed": "Partie reprise",
    "round_only": "Tour %d",
    "dropped": "%d ecarte(s)",
    "not_resumed": "Rien a reprendre",
    "error": "Erreur",
    "choose": "Tenir OK: jouer",  # a long OK plays the move shown
    "peek_hint": "OK: voir la main",
    "spread_hint": "OK: jeu etale",  # a bot's turn: the spread view (table)
    "table_pick": "K/S: penalite",
    "bot_waits": "Attend: lachez",
    "target_is": "But %d",
    "game_over": "Partie finie",
    # presses that forgive: confirming is holding OK (scorekeeper, game menu)
    "hold_confirm": "Tenir OK:valider",
    "hold_longer": "OK: tenir appuye",  # a short OK confirmed nothing
    "score_steps": "K-1 S+1 tenu:10",  # KEEP steps down, SWAP up; held, by ten
    "score_pick": "K/S: choix",
    "applied_head": "Fin donne %d:",  # then what the deal applied
    "abandon_ask": "Abandonner ?",
    "abandon_yes": "Tenir OK: oui",
    "abandon_no": "K/S/BACK: non",
    "undo_none": "Annuler: rien",  # the game menu's rows with nothing to do
    "redo_none": "Retablir: rien",
    "reveal_page": "K/S %d/%d OK:suite",  # a deal's reveal of several pages
    # a save the flash refused (Session "storage" events), and the loop's out of memory
    "flash_full": "Flash pleine",
    "flash_error": "Erreur flash %d",
    "saved_again": "Sauvegarde OK",
    "goes_on": "le jeu continue",
    "out_of_memory": "Memoire pleine",
}

# The refusal codes every game shares (engine.core REFUSE_*), each a sentence that app.i18n.wrap
# fits into three lines of 16 without cutting a word.
REFUSALS = {
    REFUSE_OVER: "La partie est finie",
    REFUSE_NOT_NOW: "Pas possible maintenant",
    REFUSE_NOT_INT: "Pas un nombre entier",
}
UNWORDED = "Coup refuse (%d)"  # a code without words: visible, no crash

# The notice of a shortage (app.loop), made once with the module: saying it allocates nothing.
OUT_OF_MEMORY = [MESSAGES["out_of_memory"], MESSAGES["goes_on"]]
