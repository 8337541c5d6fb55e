"""Achéron's words (app/words/__init__.py lists what a words module declares). The game's own
words (Baiser, Chandelle, Jocrisse, Soupir, personnage, Grand Tombeau, Orphee...) stay as the
text has them in both languages: docs/RULES.md lists them."""

from engine.acheron_score import (
    R_CANDLE_MARKED,
    R_CARDS_MOST,
    R_ITEMS_LATER,
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
)

from app.i18n import refusal as _shared

REFUSALS = {
    R_ITEMS_LATER: ("Jocrisse, Chandelle: apres les cartes", "items come after the cards in hand"),
    R_NUMBER_RANGE: ("Un nombre de 0 a %d", "enter a number from 0 to %d"),
    R_MELDS_MOST: ("Une donne pose %d points au plus", "no deal lays more than %d points in all"),
    R_CARDS_MOST: ("Les mains depassent les %d cartes", "the hands would pass the %d cards"),
    R_WILDS_MOST: ("Seulement %d parmi Orphee, Sainte, Reine", "only %d of Orphee, Sainte, Reine"),
    R_CANDLE_MARKED: ("Chandelle deja marquee", "Chandelle is marked already"),
    R_PERSONNAGES_MOST: ("Il n'y a que %d personnages", "there are only %d personnages"),
    R_NO_CARD_PERSONNAGE: ("Plus de carte pour un personnage", "no card left for a personnage"),
    R_JOCRISSE_MARKED: ("Jocrisse deja marque", "Jocrisse is marked already"),
    R_ONE_BAISER: ("Un seul Baiser: un autre a Jocrisse", "one Baiser: another has Jocrisse"),
    R_NO_CARD_BAISER: ("Plus de carte pour le Baiser", "no card left for the Baiser"),
    R_SOUPIR_CARDS: ("Soupir: le Baiser et Reine, Sainte ou veuf", "Soupir needs Baiser + Reine, Sainte or veuf"),
    R_ONE_SHORT_HAND: ("Une seule main finit sous 3 cartes", "only one hand can end under 3 cards"),
    R_TOMBEAU_NO_CANDLE: ("Grand Tombeau ne laisse pas de Chandelle", "Grand Tombeau leaves no Chandelle"),
    R_OTHERS_NEED_3: ("Les autres mains ont 3 cartes chacune", "the other hands need 3 cards each"),
    R_POINTS_NEED_CARDS: ("%d points: %d cartes posees ou plus", "%d points need %d cards laid or more"),
    R_NO_PLAYER_LAYS: ("Aucun joueur ne pose %d points", "no player lays %d points"),
    R_NO_DEAL_LAYS: ("Aucune donne ne pose %d points", "no deal lays %d points"),
    R_SHORT_OR_TOMBEAU: ("Une main finit a 2 cartes, ou Grand Tombeau", "a hand must end at 2 cards, or Grand Tombeau"),
    R_LAID_SCORE_LEAST: ("%d cartes posees font %d points ou plus", "%d cards laid score %d or more"),
    R_TOO_FEW_POINTS: ("Trop peu de points pour les cartes posees", "too few points for the cards laid"),
}


def refusal(lang, why):
    return _shared(lang, why, REFUSALS)
