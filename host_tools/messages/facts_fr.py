"""Ce que dit l'enregistrement de chaque partie, donne par donne, en français (host_tools.facts :
les notes et le détail de chaque donne, le nom des totaux ; la feuille de marque et l'export CSV
s'en servent) ; facts_en déclare les mêmes clés."""

MESSAGES = {
    "notes_join": ", ",
    "detail_join": " · ",
    # ce que comptent les totaux
    "totals tanturlurette": "cercles restants",
    "totals bourre": "plis",
    "totals piccolo": "points",
    "totals acheron": "points",
    # Tanturlurette
    "fell": "tombé en enfer",
    "loses": "perd un cercle",
    "back": "revenu",
    "out": "éliminé",
    "lowest": "les plus faibles : %(names)s",
    "all_tied": "tous à égalité : personne ne bouge",
    "pot": "pot %(pot)d",
    # La Bourre
    "bourru": "bourru",
    "antes": "mise %(ante)d",
    "leads": "%(name)s entame · pot %(pot)d",
    # Piccolo
    "made": "réussi",
    "failed": "chuté",
    "verdict": "%(made)s, paie %(pays)d",
    "bids": "%(name)s annonce %(level)d, fait %(points)d points : %(verdict)s",
    "contract_one": "%(name)s : %(contract)s, 1 pli : %(verdict)s",
    "contract_many": "%(name)s : %(contract)s, %(tricks)d plis : %(verdict)s",
    "takes": "prend %(contract)s, %(made)s",
    "thrown_in": "tous passent : donne annulée",
    "first_winner": "premier gagnant",
    "second_winner": "second gagnant",
    "sits_out": "donne, ne joue pas",
    "kind points": "annonce de points",
    # Achéron
    "acheron": "Achéron",
    "grand_tombeau": "Grand Tombeau",
    "chandelle": "Chandelle",
    "jocrisse": "Jocrisse",
    "soupir": "Soupir et Jocrisse",
    "slip_one": "1 nom oublié",
    "slip_many": "%(count)d noms oubliés",
    "ended acheron": "Achéron crié par %(name)s",
    "ended grand_tombeau": "Grand Tombeau par %(name)s",
    "ended stall": "aucune combinaison pendant %(laps)d tours de table",
}
