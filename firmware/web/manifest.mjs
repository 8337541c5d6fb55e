// The build the page installs, from build/manifest.json (firmware/web/serve.py writes it from
// host_tools.deploy): the games a person chose, and the files of the board's /lib for them, as
// `tanturlurette deploy --games` would copy them (tests/host/test_web_page.py checks both agree).

/** The games of the build: those of `saved` (what the page stored; null or unreadable: every
 *  game, deploy's default) in the manifest's order, the one always installed included. */
export function chosenGames(manifest, saved) {
  if (!Array.isArray(saved)) return manifest.games.slice();
  return manifest.games.filter((game) => saved.includes(game) || game === manifest.always);
}

/** The paths (inside lib) of the build's files for these games: every file no game owns, and
 *  each file of a chosen game. */
export function filesFor(manifest, games) {
  return manifest.files.filter((f) => !f.games.length || f.games.some((g) => games.includes(g))).map((f) => f.path);
}
