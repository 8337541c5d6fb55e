"""Achéron's words in French (games.acheron.words loads this module or words_en, never both: they
declare the same names). The game's own words stay as the text has them (docs/RULES.md)."""

from games.acheron.codes import (
    F_PLAYED,
    R_BAISER_ONE_OF,
    R_CANDLE_MARKED,
    R_CARDS_MOST,
    R_ITEMS_LATER,
    R_ITEMS_MARKED,
    R_JOCRISSE_MARKED,
    R_LAID_SCORE_LEAST,
    R_MELDS_MOST,
    R_NO_CARD_BAISER,
    R_NO_CARD_PERSONNAGE,
    R_NO_DEAL_LAYS,
    R_NO_PLAYER_LAYS,
    R_NUMBER_RANGE,
    R_ONE_BAISER,
    R_ONE_SHORT_HAND,
    R_OTHERS_NEED_3,
    R_PERSONNAGES_MOST,
    R_POINTS_NEED_CARDS,
    R_SHORT_OR_TOMBEAU,
    R_SOUPIR_CARDS,
    R_TOMBEAU_NO_CANDLE,
    R_TOO_FEW_POINTS,
    R_WILDS_MOST,
    ST_CARDS,
    ST_ITEMS,
    ST_MELDS,
    ST_WILDS,
)
from games.acheron.rules import END_HOW_ACHERON, END_HOW_TOMBEAU, F_DEAL, F_DRAW, F_PASS, F_SLIP

REFUSALS = {
    R_ITEMS_LATER: "Jocrisse, Chandelle: apres les cartes",
    R_NUMBER_RANGE: "Un nombre de 0 a %d",
    R_MELDS_MOST: "Une donne pose %d points au plus",
    R_CARDS_MOST: "Les mains depassent les %d cartes",
    R_WILDS_MOST: "Seulement %d parmi Orphee, Sainte, Reine",
    R_CANDLE_MARKED: "Chandelle deja marquee",
    R_PERSONNAGES_MOST: "Il n'y a que %d personnages",
    R_NO_CARD_PERSONNAGE: "Plus de carte pour un personnage",
    R_JOCRISSE_MARKED: "Jocrisse deja marque",
    R_ONE_BAISER: "Un seul Baiser: un autre a Jocrisse",
    R_NO_CARD_BAISER: "Plus de carte pour le Baiser",
    R_SOUPIR_CARDS: "Soupir: le Baiser et Reine, Sainte ou veuf",
    R_ONE_SHORT_HAND: "Une seule main finit sous 3 cartes",
    R_TOMBEAU_NO_CANDLE: "Grand Tombeau ne laisse pas de Chandelle",
    R_OTHERS_NEED_3: "Les autres mains ont 3 cartes chacune",
    R_POINTS_NEED_CARDS: "%d points: %d cartes posees ou plus",
    R_NO_PLAYER_LAYS: "Aucun joueur ne pose %d points",
    R_NO_DEAL_LAYS: "Aucune donne ne pose %d points",
    R_SHORT_OR_TOMBEAU: "Une main finit a 2 cartes, ou Grand Tombeau",
    R_LAID_SCORE_LEAST: "%d cartes posees font %d points ou plus",
    R_TOO_FEW_POINTS: "Trop peu de points pour les cartes posees",
    R_BAISER_ONE_OF: "Un seul Baiser: Jocrisse ou Soupir",
    R_ITEMS_MARKED: "Extras deja marques",
}

HEADER = "Acheron donne %d"
SLIP_LABEL = "nom oublie %s"  # a naming slip, by the seat that made it
PAIR = "Paire"  # a meld of two cards offered, its cards on the next lines
END_LABEL = "fin du tour"
SLIP_ENTRY = "Nom oublie %s"  # the scorekeeper's
# The scorekeeper's two lines: by its step (games.acheron.codes ST_*), a seat in the first.
DEAL = "Donne %d"
DEAL_OVER_ASK = "0: donne finie"
GAME_OVER = "Partie finie"
WINNER_LINE = "Gagne: %s"
STEPS = {ST_MELDS: ("%s abattu:", "points poses"),
         ST_CARDS: ("%s cartes", "restant en main"),
         ST_WILDS: ("%s parmi elles", "Orphee/Ste/Reine"),
         ST_ITEMS: ("%s fin de donne", "extras ? 0:aucun")}

# What happened (tell, applied; the English in told_en), %s a seat's label first.
FACTS = {
    F_DEAL: "%s donne",
    F_DRAW: "%s tire chez %s",
    F_PASS: "%s ne pose rien",
    F_SLIP: "%s nom oublie -5",
    F_PLAYED: "Donne %d finie",
}
ENDS = {END_HOW_ACHERON: "%s crie Acheron!", END_HOW_TOMBEAU: "Fin de la donne"}
STALL = "Donne bloquee"
ENTRIES = {ST_MELDS: "%s a pose %d", ST_CARDS: "%s: %d en main", ST_WILDS: "%s Orph/Ste/Re %d"}
TIED = "Ex aequo: %s (%d)"  # equal highest scores share the win
WINNER = "Gagne: %s (%d)"
SLIP_ITEM = "%s nom oublie -%d"  # what a deal applied: one naming slip
SLIPS_ITEM = "%s noms x%d -%d"
