// The browser simulator: the board's firmware (the .mpy build deploy makes) booted on
// MicroPython's WebAssembly port through hw_esp32.boot, with the page as its hardware.
//
// Each animation frame runs one turn of the board's loop (web_board.Board.page_turn): the
// board's clock moves by the real time since the last turn (at most buttons.mjs' MAX_STEP_MS: a
// tab the browser held back resumes where it was, instead of reading a button held across the
// pause as a long press), the buttons' levels are set, and what the turn sent is drawn: the strip's bytes
// on the target (leds.mjs), the OLED's framebuf (oled.mjs), the PWM's tone (buzzer.mjs). The
// store's folder is the board's flash, kept in IndexedDB after each turn that changed it
// (flash.mjs). The settings (language, target, games) are the device's: the language and the
// target are its config.json, on its flash; the games are the build the page installs, as
// deploy --games chooses them. Changing one restarts the device, which resumes its game.
//
// window.tanturlurette is the page's state, for a person at the console and for the browser test
// (tests/web/browser.mjs): the last frame and OLED buffer the firmware sent, the LEDs' places on
// the canvas, the board's status (Board.status), the tones, the flash's transactions.

import { FIRMWARE_PATH, PAGE_PATH, bootBoard, bytesOf, loadRuntime } from "./runtime.mjs";
import { Buttons, TurnClock } from "./buttons.mjs";
import { Buzzer } from "./buzzer.mjs";
import { openFlash } from "./flash.mjs";
import { chosenGames, filesFor } from "./manifest.mjs";
import { Target } from "./leds.mjs";
import { Oled } from "./oled.mjs";
import { GAME_NAMES, words } from "./words.mjs";

const FLASH = "/flash"; // the board's flash: the store's root and the config
const CONFIG = "config.json";
const HEAP_BYTES = 2 * 1024 * 1024; // a start: the port grows its heap as the board's PSRAM allows
const MIN_PRESS_EXTRA_MS = 15; // a tap is held this much past the debounce (buttons.mjs)
const CONSOLE_LINES = 400;
const GAMES_KEY = "tanturlurette.games";
const SOUND_KEY = "tanturlurette.sound";
const LANG_KEY = "tanturlurette.lang"; // the page's language, for index.html's loading note
const KEYS = { k: 0, s: 1, o: 2, enter: 2, b: 3 }; // app.buttons: KEEP, SWAP, OK, BACK

const $ = (id) => document.getElementById(id);
const sim = {
  ready: false, error: null, notice: "", turns: 0, boardMs: 0, frames: 0, shows: 0, saves: 0, busyMs: 0,
  wire: null, oled: null, facts: null, mask: 0, games: null, console: [],
};
globalThis.tanturlurette = sim;
let say = words(document.documentElement.lang);

function showWords(lang) {
  say = words(lang);
  document.documentElement.lang = lang;
  localStorage.setItem(LANG_KEY, lang);
  document.title = say.title;
  for (const el of document.querySelectorAll("[data-word]")) el.textContent = say[el.dataset.word];
}

function notice(text, error = false) {
  sim.notice = text;
  const el = $("notice");
  el.textContent = text;
  el.classList.toggle("error", error);
}

function showConsole() {
  const pre = $("console-lines");
  if (!pre.parentElement.open) return; // filled when opened
  pre.textContent = sim.console.join("\n");
  pre.scrollTop = pre.scrollHeight;
}

function consoleLine(line) {
  sim.console.push(line.replace(/\r?\n$/, ""));
  if (sim.console.length > CONSOLE_LINES) sim.console.shift();
  showConsole();
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The games chosen on this page (localStorage), the one always installed among them. */
function savedGames(manifest) {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(GAMES_KEY));
  } catch {
    // unreadable: as if nothing was chosen
  }
  return chosenGames(manifest, saved);
}

/** The build's files for these games: {path in the port: bytes}, fetched. */
async function firmwareFiles(manifest, games) {
  const files = {};
  await Promise.all(filesFor(manifest, games).map(async (file) => { files[`${FIRMWARE_PATH}/${file}`] = await fetchBytes(`build/lib/${file}`); }));
  await Promise.all(manifest.page.map(async (name) => { files[`${PAGE_PATH}/${name}`] = await fetchBytes(`py/${name}`); }));
  return files;
}

function readConfig(FS, fallback) {
  try {
    return JSON.parse(new TextDecoder().decode(FS.readFile(`${FLASH}/${CONFIG}`)));
  } catch {
    return fallback; // unreadable: the firmware falls back to its defaults (and says so)
  }
}

/** The config's leds for a target choice, from the default config's (the disc). */
function ledsFor(choice, defaults) {
  if (choice === "disc") return structuredClone(defaults.leds);
  return { rings: [24], outer_first: true, reverse: [false], offsets: [0], color_order: defaults.leds.color_order };
}

function ringsChoice(rings) {
  const key = rings.join(",");
  if (key === "32,24,16,12,8,1") return "disc";
  if (key === "24") return "single";
  return "other";
}

async function restart(flash) {
  await flash.settled();
  location.reload();
}

function settingsForm(manifest, facts, games, flash, FS) {
  const config = readConfig(FS, manifest.config);
  const language = $("language");
  language.value = facts.language;
  language.onchange = async () => {
    config.language = language.value;
    localStorage.setItem(LANG_KEY, language.value); // the restart's loading note in it already
    await flash.writeFile(FS, CONFIG, new TextEncoder().encode(JSON.stringify(config)));
    restart(flash);
  };
  const rings = $("rings");
  const choice = ringsChoice(facts.rings);
  if (choice === "other") {
    const option = document.createElement("option");
    option.value = "other";
    option.textContent = say.rings_other.replace("%s", facts.places.length);
    rings.append(option);
  }
  rings.value = choice;
  rings.onchange = async () => {
    config.leds = ledsFor(rings.value, manifest.config);
    await flash.writeFile(FS, CONFIG, new TextEncoder().encode(JSON.stringify(config)));
    restart(flash);
  };
  const box = $("games");
  for (const game of manifest.games) {
    const label = document.createElement("label");
    label.className = "check";
    const input = document.createElement("input");
    input.type = "checkbox";
    input.value = game;
    input.checked = games.includes(game);
    input.disabled = game === manifest.always;
    input.onchange = () => {
      const chosen = [...box.querySelectorAll("input:checked")].map((i) => i.value);
      localStorage.setItem(GAMES_KEY, JSON.stringify(chosen));
      restart(flash);
    };
    label.append(input, " " + GAME_NAMES[game] + (game === manifest.always ? ` (${say.always})` : ""));
    box.append(label);
  }
  $("erase").onclick = async () => {
    if (!confirm(say.erase_confirm)) return;
    await flash.erase();
    localStorage.removeItem(GAMES_KEY);
    localStorage.removeItem(LANG_KEY);
    location.reload();
  };
  $("settings").hidden = false;
}

function wireButtons(buttons, buzzer, fitted) {
  const unlock = () => buzzer.unlock();
  for (const el of document.querySelectorAll("[data-button]")) {
    const b = Number(el.dataset.button);
    if (!fitted[b]) {
      el.hidden = true; // a board without this button (BACK is optional)
      continue;
    }
    const release = () => buttons.up(b);
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      el.setPointerCapture(e.pointerId);
      unlock();
      buttons.down(b);
    });
    el.addEventListener("pointerup", release);
    el.addEventListener("pointercancel", release);
    el.addEventListener("lostpointercapture", release);
    el.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a long press
    el.addEventListener("keydown", (e) => { if (e.key === " ") e.preventDefault(); }); // the keys below do
  }
  const keysDown = new Map(); // KeyboardEvent.code -> the button it holds
  addEventListener("keydown", (e) => {
    if (e.repeat || e.ctrlKey || e.metaKey || e.altKey || e.target.closest("select, input, textarea")) return;
    const b = KEYS[e.key.toLowerCase()];
    if (b === undefined || !fitted[b]) return;
    e.preventDefault();
    unlock();
    keysDown.set(e.code, b);
    buttons.down(b);
  });
  addEventListener("keyup", (e) => {
    const b = keysDown.get(e.code);
    if (b === undefined) return;
    keysDown.delete(e.code);
    buttons.up(b);
  });
  addEventListener("blur", () => { keysDown.clear(); buttons.releaseAll(); });
}

function showPressed(mask) {
  for (const el of document.querySelectorAll("[data-button]")) el.classList.toggle("down", !!(mask >> Number(el.dataset.button) & 1));
}

/** Wait until this tab is the one running the device: two tabs running it would overwrite each
 *  other's saves. The lock is held until the tab closes; a second tab waits for it, saying so. */
async function claimDevice() {
  if (!navigator.locks) return;
  const forever = new Promise(() => {});
  const claim = (options) => new Promise((resolve) => {
    navigator.locks.request("tanturlurette-device", options, (lock) => {
      resolve(lock !== null);
      return lock ? forever : undefined;
    });
  });
  if (await claim({ ifAvailable: true })) return;
  notice(say.other_tab, true);
  await claim({});
}

async function start() {
  showWords(document.documentElement.lang);
  await claimDevice();
  notice(say.loading);
  const manifest = JSON.parse(new TextDecoder().decode(await fetchBytes("build/manifest.json")));
  const games = savedGames(manifest);
  sim.games = games;
  const [flash, runtime] = await Promise.all([
    openFlash(),
    loadRuntime({ heapBytes: HEAP_BYTES, stdout: consoleLine }),
  ]);
  await flash.load();
  const FS = runtime.mp.FS;
  notice(say.loading_files);
  runtime.install(await firmwareFiles(manifest, games));
  flash.install(FS, FLASH);
  flash.watch(FS, FLASH);
  if (!flash.stored.has(CONFIG)) FS.writeFile(`${FLASH}/${CONFIG}`, JSON.stringify(manifest.config)); // a new board
  showWords(readConfig(FS, manifest.config).language === "en" ? "en" : "fr");
  notice(say.booting);
  let board;
  try {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
    board = bootBoard(runtime, { configPath: `${FLASH}/${CONFIG}`, storeRoot: FLASH, seed, realTime: true });
  } catch (err) {
    notice(say.no_boot.replace("%s", lastLine(err)), true);
    sim.error = String(err.message || err);
    return;
  }
  runtime.collect();
  flash.sync(FS);
  const facts = JSON.parse(board.facts());
  sim.facts = facts;
  showWords(facts.language);
  const serial = board.serial;
  serial.on_write = (data) => consoleLine(typeof data === "string" ? data : new TextDecoder().decode(bytesOf(runtime, data)));

  const target = new Target($("target"), facts);
  const hw = board.hw;
  const strip = hw.leds.buf;
  const oledCanvas = $("oled");
  const display = facts.display ? new Oled(oledCanvas, facts.display[0], facts.display[1]) : null;
  const oledBuffer = display ? board.oled.buffer : null;
  oledCanvas.parentElement.hidden = !display; // a board without its OLED: the ring alone shows it
  const buttons = new Buttons(4, facts.debounce_ms + MIN_PRESS_EXTRA_MS);
  const buzzer = new Buzzer(localStorage.getItem(SOUND_KEY) !== "off");
  wireButtons(buttons, buzzer, facts.buttons);
  const sound = $("sound");
  sound.checked = buzzer.on;
  sound.onchange = () => {
    buzzer.unlock();
    buzzer.setOn(sound.checked);
    localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off");
  };
  settingsForm(manifest, facts, games, flash, FS);
  addEventListener("resize", () => target.resize());
  $("console").addEventListener("toggle", showConsole);
  document.addEventListener("visibilitychange", () => { if (document.hidden) buzzer.pause(); });

  Object.assign(sim, {
    status: () => JSON.parse(board.status()),
    ledPixel: (i) => target.pixelOf(i), // the middle of LED i on the target canvas
    ledColour: (wire, i) => target.colourOf(wire, i)[1], // its sRGB, null when unlit
    oledPixel: (buffer, x, y) => (buffer[(y >> 3) * facts.display[0] + x] >> (y & 7)) & 1,
    tones: buzzer.log,
    audio: () => (buzzer.context ? `${buzzer.context.state} ${buzzer.osc.type}` : "none"),
    flash,
    buttons,
  });

  const setButtons = board.set_buttons; // each proxy fetched once
  const pageTurn = board.page_turn;
  const clock = new TurnClock(performance.now());
  let seenAt = 0;
  $("device").hidden = false;
  target.resize();
  notice("");
  sim.ready = true;

  const frame = (now) => {
    const elapsed = clock.step(now);
    sim.boardMs += elapsed;
    const mask = buttons.mask(sim.boardMs, seenAt);
    if (mask !== sim.mask) {
      setButtons(mask);
      sim.mask = mask;
      showPressed(mask);
    }
    let sent;
    const began = performance.now();
    try {
      sent = pageTurn(elapsed);
    } catch (err) {
      stopped(err, flash, facts);
      return;
    }
    seenAt = sim.boardMs;
    sim.turns++;
    if (sent & 1) {
      sim.wire = bytesOf(runtime, strip);
      target.draw(sim.wire);
      sim.frames++;
    }
    if (sent & 2 && display) {
      sim.oled = bytesOf(runtime, oledBuffer);
      display.draw(sim.oled);
      sim.shows++;
    }
    buzzer.tone(sent >> 2, sim.boardMs);
    if (flash.sync(FS)) sim.saves++;
    runtime.collect();
    sim.busyMs += performance.now() - began; // the turn, its drawing, saving and collection
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function lastLine(err) {
  return String((err && err.message) || err).trim().split("\n").slice(-1)[0];
}

/** An error the firmware did not catch: on the board the armed watchdog resets it and the game
 *  resumes from flash; here the page restarts after the same time. */
function stopped(err, flash, facts) {
  sim.error = String(err.message || err);
  consoleLine(sim.error);
  notice(say.stopped.replace("%s", lastLine(err)), true);
  setTimeout(() => restart(flash), facts.watchdog_ms || 8000);
}

start().catch((err) => {
  sim.error = String(err.stack || err);
  notice(say.no_boot.replace("%s", lastLine(err)), true);
});
