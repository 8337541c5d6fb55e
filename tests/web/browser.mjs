// The browser simulator played in headless Chromium (Debian's, never a downloaded one), by
// clicking its on-screen buttons as a person would. tests/host/test_web_browser.py runs it
// against `firmware/web/serve.py` and reads the JSON report it prints last.
//
//   node tests/web/browser.mjs --url URL --out DIR --chromium PATH --cues HZ,HZ,... [--seed N]
//
// What it does, each step waiting on the page's state (window.tanturlurette and the board's
// status), never on the firmware's clock, so it passes on a fast machine and a loaded one alike:
//   1. a new device (a fresh browser profile): before any module has loaded (the port's held
//      back), the page already says it is loading, in French; it says something until the
//      firmware has booted; the first boot's self-test; each button clicked, then OK held down
//      until the firmware has seen a long press and left the test;
//   2. the setup menu, read from the OLED and set by clicks: Tanturlurette, deck mode, 4 players
//      of whom 2 humans, 2 circles; then the game played to its end by clicking: KEEP or SWAP for
//      the humans' turns (a seeded choice), OK on the reveal, the bots playing themselves;
//   3. after every frame change checked (often): each LED's pixel on the canvas is the colour the
//      page computes for the bytes the firmware sent (lit exactly where the frame is lit, brighter
//      where its bytes are), and the OLED canvas is the framebuf, pixel for pixel;
//   4. from round 3, on a human's turn and with the flash stored: the tab closed and the page
//      opened in a new one; the game resumed exactly (the same engine state); a second tab on
//      the same device waits until the first is closed, then runs it;
//   5. the sounds: every tone the page played is a frequency of the firmware's cues;
//   6. the page set to English and a 24-LED ring (two restarts): the menu in English, the ring's
//      24 LEDs drawn, every game offered in the menu's game row; a page opened then says it is
//      loading in English before its modules have loaded.
// Screenshots of each stage go to DIR. The report: {ok, checks: [...], error, chromium, ...}.

import fs from "fs";
import os from "os";
import path from "path";
import { createRequire } from "module";
import { fileURLToPath } from "url";

import { WORDS } from "../../firmware/web/words.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.resolve(HERE, "..", "..", "firmware", "web");
const { chromium } = createRequire(path.join(WEB, "package.json"))("playwright-core");

const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--autoplay-policy=no-user-gesture-required"];
const STEP_TIMEOUT_MS = 120000; // one step of the game at most, however loaded the machine
const BUTTONS = { KEEP: 0, SWAP: 1, OK: 2, BACK: 3 };
const MAX_ACTIONS = 600; // far beyond a 4-player game of 2 circles

function parseArgs(argv) {
  const opts = { url: null, out: null, chromium: "/usr/bin/chromium", cues: [], seed: 7 };
  for (let i = 0; i < argv.length; i += 2) {
    const [arg, value] = [argv[i], argv[i + 1]];
    if (arg === "--url") opts.url = value;
    else if (arg === "--out") opts.out = value;
    else if (arg === "--chromium") opts.chromium = value;
    else if (arg === "--cues") opts.cues = value.split(",").map(Number);
    else if (arg === "--seed") opts.seed = Number(value);
    else throw new Error(`unknown argument ${arg} (use --url, --out, --chromium, --cues, --seed)`);
  }
  if (!opts.url || !opts.out) throw new Error("--url URL and --out DIR are needed");
  return opts;
}

class Check extends Error {}

function check(condition, what) {
  if (!condition) throw new Check(what);
}

/** A small repeatable generator for the humans' choices. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
}

export async function play(opts) {
  const report = { ok: false, checks: [], error: null, screenshots: [], actions: 0, canvas_checks: 0 };
  const note = (text) => report.checks.push(text);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tanturlurette-chromium-"));
  fs.mkdirSync(opts.out, { recursive: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: opts.chromium, headless: true, args: FLAGS, viewport: { width: 1100, height: 960 },
  });
  report.chromium = context.browser() ? context.browser().version() : null;
  const pageErrors = [];
  const open = async () => {
    const tab = await context.newPage();
    tab.on("pageerror", (err) => pageErrors.push(err.message));
    await tab.goto(opts.url);
    return tab;
  };
  // A tab opened with the MicroPython port held back (so no module of the page has run yet):
  // the language and the text of its notice as a person sees it, then the port let through.
  // Every text the notice showed until the page was ready is kept in window.noticesBeforeReady.
  const openHeld = async () => {
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    const hold = async (route) => { await held; await route.continue(); };
    await context.route("**/micropython.mjs", hold);
    const tab = await context.newPage();
    tab.on("pageerror", (err) => pageErrors.push(err.message));
    await tab.addInitScript(() => {
      window.noticesBeforeReady = [];
      const note = () => {
        const el = document.getElementById("notice");
        if (el && !(window.tanturlurette && window.tanturlurette.ready)) window.noticesBeforeReady.push(el.innerText.trim());
      };
      document.addEventListener("DOMContentLoaded", () => {
        note();
        new MutationObserver(note).observe(document.getElementById("notice"), { childList: true, characterData: true, subtree: true });
      });
    });
    const loaded = tab.goto(opts.url);
    await tab.waitForSelector("#notice");
    const seen = await tab.evaluate(() => ({
      lang: document.documentElement.lang,
      text: document.getElementById("notice").innerText.trim(),
      shown: document.getElementById("notice").checkVisibility(),
      ran: !!window.tanturlurette,
    }));
    release();
    await loaded;
    await context.unroute("**/micropython.mjs", hold);
    return { tab, seen };
  };
  for (const blank of context.pages()) await blank.close();
  const first = await openHeld();
  let page = first.tab;
  const state = (fn, arg) => page.evaluate(fn, arg);
  const status = () => state(() => window.tanturlurette.status());
  const shot = async (name) => {
    const file = path.join(opts.out, name + ".png");
    await page.screenshot({ path: file, fullPage: true });
    report.screenshots.push(file);
  };
  const waitFor = async (fn, arg, what) => {
    try {
      await page.waitForFunction(fn, arg, { timeout: STEP_TIMEOUT_MS, polling: 50 });
    } catch (err) {
      const st = await status().catch(() => null);
      throw new Check(`${what}: not reached (the OLED shows ${JSON.stringify(st && st.text)})`);
    }
  };
  const ready = async () => {
    await waitFor(() => window.tanturlurette && (window.tanturlurette.ready || window.tanturlurette.error), null, "the page ready");
    const error = await state(() => window.tanturlurette.error);
    check(!error, `the page failed: ${error}`);
  };
  // One click, then wait until the firmware has seen the button down and up again (so that the
  // next click is a press of its own) and has run a turn after the release's debounce.
  const press = async (name) => {
    const b = BUTTONS[name];
    await page.click(`[data-button="${b}"]`);
    await waitFor((b) => {
      const t = window.tanturlurette;
      const k = t.buttons;
      return k.owed(b) === 0 && k.level[b] === 0 && t.boardMs - k.since[b] > t.facts.debounce_ms + 20;
    }, b, `${name} pressed and released`);
    report.actions++;
  };
  const hold = async (name, until, what) => {
    const box = await page.locator(`[data-button="${BUTTONS[name]}"]`).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    try {
      await waitFor(until, null, what);
    } finally {
      await page.mouse.up();
    }
  };
  // The canvas against the frame the firmware sent (and the OLED against its framebuf), read in
  // the page in one go, so that both are of the same moment.
  const checkCanvas = async (where) => {
    const found = await state(() => {
      const t = window.tanturlurette;
      const canvas = document.getElementById("target");
      const ctx = canvas.getContext("2d");
      const wire = t.wire;
      const order = t.facts.color_order;
      const ch = ["R", "G", "B"].map((c) => order.indexOf(c));
      const leds = [];
      for (let i = 0; i < t.facts.places.length; i++) {
        const [x, y] = t.ledPixel(i);
        const px = Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
        leds.push({ bytes: ch.map((c) => wire[3 * i + c]), want: t.ledColour(wire, i), px });
      }
      let oledWrong = 0;
      if (t.oled) {
        const oled = document.getElementById("oled").getContext("2d");
        const [w, h] = t.facts.display;
        const image = oled.getImageData(0, 0, w, h).data;
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            const lit = image[4 * (y * w + x)] > 128;
            if (lit !== !!t.oledPixel(t.oled, x, y)) oledWrong++;
          }
        }
      }
      return { leds, oledWrong, hasOled: !!t.oled };
    });
    const unlit = [24, 24, 27];
    let lit = 0;
    found.leds.forEach((led, i) => {
      const on = led.bytes.some((v) => v > 0);
      const want = led.want || unlit;
      check(on === (led.want !== null), `${where}: LED ${i} bytes ${led.bytes} but the page's colour ${led.want}`);
      check(want.every((v, c) => Math.abs(v - led.px[c]) <= 2),
        `${where}: LED ${i} (bytes ${led.bytes}) is ${led.px} on the canvas, not ${want}`);
      if (on) lit++;
    });
    // brighter bytes, brighter dot: for each pair of LEDs of the same hue
    const byHue = new Map();
    for (const led of found.leds) {
      const top = Math.max(...led.bytes);
      if (!top) continue;
      const hue = led.bytes.map((v) => Math.round((v / top) * 8)).join(",");
      if (!byHue.has(hue)) byHue.set(hue, []);
      byHue.get(hue).push(led);
    }
    for (const group of byHue.values()) {
      group.sort((a, b) => Math.max(...a.bytes) - Math.max(...b.bytes));
      for (let i = 1; i < group.length; i++) {
        const [a, b] = [group[i - 1], group[i]];
        if (Math.max(...b.bytes) > Math.max(...a.bytes) + 2) {
          check(Math.max(...b.px) >= Math.max(...a.px), `${where}: bytes ${b.bytes} drawn darker than ${a.bytes}`);
        }
      }
    }
    check(!found.hasOled || found.oledWrong === 0, `${where}: ${found.oledWrong} OLED pixels differ from the framebuf`);
    report.canvas_checks++;
    return lit;
  };
  const cursorLine = (st) => (st.text.find((line) => line.startsWith(">")) || "").slice(2);
  // A menu line's value, whole: "Joueurs: 4" shows 4.
  const shows = (line, value) => line.slice(line.indexOf(":") + 1).trim() === value;
  // The game row, under Jouer (Play), shows the game's name alone: the cursor there, then OK
  // until it shows the name wanted (null: any).
  const setGame = async (name) => {
    const onTop = (st) => st.text.some((l) => l === "> Jouer" || l === "> Play");
    for (let i = 0; i < 20 && !onTop(await status()); i++) await press("KEEP");
    await press("SWAP");
    let line = cursorLine(await status());
    for (let i = 0; i < 8 && name !== null && line !== name; i++) {
      await press("OK");
      line = cursorLine(await status());
    }
    check(name === null || line === name, `the game row never showed ${name} (it shows ${line})`);
  };
  // In the setup menu: SWAP down to the row, then OK until it shows the value wanted (null: any).
  const setRow = async (labels, value) => {
    const onRow = (line) => labels.some((l) => line.startsWith(l + ":"));
    for (let i = 0; i < 20 && !onRow(cursorLine(await status())); i++) await press("SWAP");
    let line = cursorLine(await status());
    check(onRow(line), `no menu row ${labels} (the cursor is on ${line})`);
    if (value === null) return;
    for (let i = 0; i < 12 && !shows(line, value); i++) {
      await press("OK");
      line = cursorLine(await status());
    }
    check(shows(line, value), `the menu row ${labels} never showed ${value} (it shows ${line})`);
  };

  try {
    // -- 1. a new device: the loading note, the self-test ----------------------------------------
    const loadingFr = first.seen;
    check(!loadingFr.ran && loadingFr.shown && loadingFr.lang === "fr" && loadingFr.text === WORDS.fr.loading,
      `before its modules run, the page says it is loading, in French: ${JSON.stringify(loadingFr)}`);
    await ready();
    const notices = await state(() => window.noticesBeforeReady);
    check(notices.length > 1 && notices.every((text) => text !== ""), `a note until the firmware booted: ${JSON.stringify(notices)}`);
    note(`before the firmware booted the page said, in turn: ${notices.filter((t, i) => t !== notices[i - 1]).join(" / ")}`);
    let st = await status();
    check(st.mode === "SelfTestMode", `a new device begins with its self-test, not ${st.mode}`);
    await waitFor(() => window.tanturlurette.frames > 3, null, "the self-test's sweep drawn");
    await checkCanvas("the self-test's sweep");
    await shot("1-selftest");
    for (const name of ["KEEP", "SWAP", "OK", "BACK"]) {
      await press(name);
      await waitFor((name) => window.tanturlurette.status().text.some((l) => l.startsWith(name) && /vu|seen/.test(l)),
        name, `the self-test saw ${name}`);
    }
    note("self-test: each clicked button seen by the firmware");
    await hold("OK", () => window.tanturlurette.status().mode === "SetupMenu", "a long OK leaving the self-test");
    note("a long press by holding OK: the self-test ended, the setup menu shown");
    st = await status();
    check(st.text.some((l) => l.startsWith("> Jouer")), `the menu in French, on Jouer: ${st.text}`);

    // -- 2. set up and play -------------------------------------------------------------------
    await setGame("Tanturlurette");
    await setRow(["Mode"], "donne");
    await setRow(["Joueurs"], "4");
    await setRow(["Humains"], "2");
    await setRow(["Cercles"], "2");
    await shot("2-menu");
    await checkCanvas("the menu");
    for (let i = 0; i < 20 && cursorLine(await status()) !== "Jouer"; i++) await press("KEEP");
    await press("OK");
    await waitFor(() => window.tanturlurette.status().mode === "TantMode", null, "the game started");
    st = await status();
    check(st.game === "tanturlurette" && st.state.options.mode === "deck", `a deck-mode Tanturlurette: ${st.game} ${JSON.stringify(st.state.options)}`);
    check(JSON.stringify(st.bots.map((b) => b === null)) === "[true,true,false,false]", `2 humans then 2 bots: ${st.bots}`);
    note(`the game started: ${st.state.pos.length} players, ${st.state.options.circles} circles, humans J1 J2`);

    const choose = rng(opts.seed);
    let resumed = false;
    let framesChecked = 0;
    for (let actions = 0; ; actions++) {
      check(actions < MAX_ACTIONS, `no end after ${MAX_ACTIONS} clicks`);
      st = await status();
      const frames = await state(() => window.tanturlurette.frames);
      if (frames !== framesChecked) {
        await checkCanvas(`round ${st.round}`);
        framesChecked = frames;
      }
      check(!st.finished, "the game left for the menu before its result was seen");
      if (st.over) break;
      const human = st.to_act >= 0 && st.bots[st.to_act] === null;
      const waitsForOk = st.text.some((l) => l.startsWith("OK:"));
      if (!resumed && st.round >= 3 && human && !waitsForOk) {
        // -- 4. close the tab and come back: the game resumes exactly -------------------------
        await waitFor(() => {
          const f = window.tanturlurette.flash;
          return f.pending === 0 && !f.changed;
        }, null, "the flash stored");
        const before = await status();
        await shot("3-before-reload");
        await page.close();
        page = await open();
        await ready();
        const after = await status();
        check(after.mode === "TantMode", `after the reload: ${after.mode}, not the game`);
        check(after.round === before.round, `after the reload round ${after.round}, before ${before.round}`);
        check(JSON.stringify(after.state.pos) === JSON.stringify(before.state.pos), `tokens ${after.state.pos} after, ${before.state.pos} before`);
        check(JSON.stringify(after.state) === JSON.stringify(before.state), "the engine's state differs after the reload");
        check(after.to_act === before.to_act, `seat ${after.to_act} to act after, ${before.to_act} before`);
        await waitFor(() => window.tanturlurette.frames > 2, null, "the resumed game drawn");
        await checkCanvas("the resumed game");
        await shot("4-resumed");
        // the same device in a second tab: it waits, saying so, until the first one is closed
        const second = await open();
        await second.waitForFunction(() => window.tanturlurette.notice !== "");
        const waiting = await second.evaluate(() => [window.tanturlurette.notice, window.tanturlurette.ready]);
        check(/autre onglet|another tab/.test(waiting[0]) && !waiting[1], `a second tab: ${waiting}`);
        await page.close();
        page = second;
        await ready();
        const handed = await status();
        check(JSON.stringify(handed.state) === JSON.stringify(before.state), "the second tab's game is not the first's");
        note(`the tab closed and opened again at round ${before.round} (move ${before.moves}): resumed with the same state, tokens ${JSON.stringify(before.state.pos)}; a second tab waited for it, then took it over`);
        resumed = true;
        continue;
      }
      if (waitsForOk) {
        await press("OK");
      } else if (human) {
        await press(choose() < 0.5 ? "KEEP" : "SWAP");
      } else {
        // a bot thinking, a token gliding, the dealer drawn: wait for the firmware to move on
        await waitFor((before) => {
          const now = window.tanturlurette.status();
          return now.moves !== before.moves || now.over || JSON.stringify(now.text) !== JSON.stringify(before.text);
        }, st, "the bots to play");
        continue;
      }
      await waitFor((before) => {
        const now = window.tanturlurette.status();
        return now.moves !== before.moves || now.over || JSON.stringify(now.text) !== JSON.stringify(before.text);
      }, st, "the click to be taken");
    }
    check(resumed, "the game ended before round 3: nothing was reloaded");
    st = await status();
    if (!st.text.some((l) => /Gagne|Partage/.test(l))) {
      // the round that decided the game shows its cards first, then the winners (issue 14)
      check(st.text.some((l) => l.startsWith("OK:")), `the deciding round's cards before the winners: ${st.text}`);
      await press("OK");
      await waitFor(() => window.tanturlurette.status().text.some((l) => /Gagne|Partage/.test(l)), null,
        "the winners after the deciding round's cards");
      st = await status();
    }
    note(`the game played to its end: round ${st.round}, ${st.moves} moves, ${report.actions} clicks; standings ${JSON.stringify(st.standings)}`);
    await shot("5-game-over");
    check(st.text.some((l) => /Gagne|Partage/.test(l)), `the winner on the OLED: ${st.text}`);
    await press("OK");
    await waitFor(() => window.tanturlurette.status().mode === "SetupMenu", null, "back in the menu");
    check((await status()).finished, "the game stored as finished");

    // -- 5. the sounds ------------------------------------------------------------------------
    const tones = await state(() => window.tanturlurette.tones.map(([hz]) => hz));
    const heard = tones.filter((hz) => hz > 0);
    check(heard.length > 0, "no tone was played");
    for (const hz of heard) check(opts.cues.includes(hz), `a tone of ${hz} Hz, which no cue of the firmware plays`);
    const audio = await state(() => window.tanturlurette.audio());
    check(audio === "running square", `the page's Web Audio, woken by the first click: ${audio}`);
    note(`sound: ${heard.length} notes of the firmware's cues (${[...new Set(heard)].join(", ")} Hz)`);

    // -- 6. English, a 24-LED ring, every game ------------------------------------------------
    await page.selectOption("#language", "en");
    await page.waitForEvent("load");
    await ready();
    await page.selectOption("#rings", "single");
    await page.waitForEvent("load");
    await ready();
    st = await status();
    const facts = await state(() => window.tanturlurette.facts);
    check(JSON.stringify(facts.rings) === "[24]" && facts.language === "en", `English on 24 LEDs: ${facts.language} ${facts.rings}`);
    check(st.mode === "SetupMenu" && st.text.some((l) => l.startsWith("> Play")), `the menu in English: ${st.text}`);
    await waitFor(() => window.tanturlurette.frames >= 1, null, "the ring drawn");
    const lit = await checkCanvas("the 24-LED ring");
    check(lit > 0, "nothing lit on the 24-LED ring in the menu");
    const heading = await page.textContent("[data-word=settings]");
    check(heading === "Device settings", `the page's own words in English: ${heading}`);
    const games = [];
    await setGame(null);
    for (let i = 0; i < 8; i++) {
      const value = cursorLine(await status());
      if (games.includes(value)) break;
      games.push(value);
      if (i === 0) await shot("6-english-24-ring");
      await press("OK");
    }
    check(games.length === 4, `the menu's games: ${games}`);
    const english = await openHeld(); // the device stays in the first tab: this one only loads
    await english.tab.close();
    check(!english.seen.ran && english.seen.shown && english.seen.lang === "en" && english.seen.text === WORDS.en.loading,
      `before its modules run, the English page says it is loading in English: ${JSON.stringify(english.seen)}`);
    note(`English on a 24-LED ring: ${lit} LEDs lit in the menu; the games offered: ${games.join(", ")}; a page loading says "${english.seen.text}"`);
    check(!pageErrors.length, `errors on the page: ${pageErrors.join("; ")}`);
    report.ok = true;
  } catch (err) {
    report.error = err instanceof Check ? err.message : String(err.stack || err);
    await shot("failure").catch(() => {});
  } finally {
    report.page_errors = pageErrors;
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error("browser.mjs: " + err.message);
    process.exit(2);
  }
  const report = await play(opts);
  console.log(JSON.stringify(report));
  process.exit(report.ok ? 0 : 1);
}
