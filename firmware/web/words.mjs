// The page's own words, in the device's two languages (app.i18n.LANGS); the device's screens
// come from the firmware itself. The page takes the language of the device's config.

export const WORDS = {
  fr: {
    title: "Tanturlurette — simulateur",
    subtitle: "Le vrai micrologiciel de l'appareil, sous MicroPython, dans votre navigateur.",
    loading: "Démarrage du MicroPython…",
    loading_files: "Chargement du micrologiciel…",
    booting: "L'appareil démarre…",
    target: "La cible de LED",
    oled: "L'écran OLED",
    buttons: "Les boutons",
    keys: "Touches : k KEEP · s SWAP · o ou Entrée OK · b BACK. Tenir un bouton ou une touche : appui long (OK long : jouer, valider ; un OK court ne joue jamais. BACK long : menu de la partie, pour annuler).",
    settings: "Réglages de l'appareil",
    language: "Langue",
    rings: "Cible",
    rings_disc: "Disque de 93 LED (32/24/16/12/8/1)",
    rings_single: "Un anneau de 24 LED",
    rings_other: "Autre (%s LED)",
    games: "Jeux installés",
    always: "toujours",
    sound: "Son du buzzer",
    apply_note: "Un changement redémarre l'appareil ; la partie en cours reprend.",
    erase: "Effacer l'appareil",
    erase_confirm: "Effacer les parties et les réglages de cet appareil simulé ?",
    console: "Port série USB de l'appareil (ce que l'outil hôte enregistre : il nomme les cartes distribuées)",
    stopped: "Le micrologiciel s'est arrêté : %s. Le chien de garde le redémarre…",
    no_boot: "L'appareil n'a pas démarré : %s",
    other_tab: "L'appareil tourne dans un autre onglet : fermez-le, et il démarre ici.",
    saved: "sauvegardé",
  },
  en: {
    title: "Tanturlurette — simulator",
    subtitle: "The device's real firmware, under MicroPython, in your browser.",
    loading: "Starting MicroPython…",
    loading_files: "Loading the firmware…",
    booting: "The device is starting…",
    target: "The LED target",
    oled: "The OLED display",
    buttons: "The buttons",
    keys: "Keys: k KEEP · s SWAP · o or Enter OK · b BACK. Hold a button or a key for a long press (long OK: play, confirm; a short OK never plays. Long BACK: the game menu, where undo is).",
    settings: "Device settings",
    language: "Language",
    rings: "Target",
    rings_disc: "93-LED disc (32/24/16/12/8/1)",
    rings_single: "A single 24-LED ring",
    rings_other: "Other (%s LEDs)",
    games: "Games installed",
    always: "always",
    sound: "Buzzer sound",
    apply_note: "A change restarts the device; the game being played resumes.",
    erase: "Erase the device",
    erase_confirm: "Erase the games and settings of this simulated device?",
    console: "The device's USB serial port (what the host tool logs: it names the cards dealt)",
    stopped: "The firmware stopped: %s. The watchdog restarts it…",
    no_boot: "The device did not start: %s",
    other_tab: "The device is running in another tab: close it, and it starts here.",
    saved: "saved",
  },
};

export const GAME_NAMES = { tanturlurette: "Tanturlurette", bourre: "La Bourre", piccolo: "Piccolo", acheron: "Achéron" };

export function words(lang) {
  return WORDS[lang] || WORDS.fr;
}
