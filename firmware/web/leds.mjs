// The LED target on a canvas: each LED at its place on its ring, in the colour and brightness of
// the bytes the strip receives.
//
// What is drawn is hw_esp32's strip buffer after each write: the frame scaled by app.power (the
// brightness setting, lowered further by the current cap), in the strip's colour order. Its
// colours follow the terminal simulator's mapping exactly (firmware/sim/term.py explains it;
// tests/host/test_web_page.py checks that both give the same colour for the same bytes):
//   - the hue is the LED's colour at full intensity, lightened in OKLab to at least LIFT_L (pure
//     blue is barely seen on a dark screen, where the blue LED is bright);
//   - the intensity m (the largest byte over the configured brightness, linear light) becomes a
//     lightness factor k = DIM_FLOOR + (1 - DIM_FLOOR) * m^(1/3), and the light k^3: the LED at
//     the configured brightness is full colour, a dimmer one dimmer, the dimmest still seen.
// Each lit LED also casts a glow, added light whose strength follows its intensity; the LED's
// dot is drawn over the glows, so the middle of each dot is exactly its colour (the browser test
// reads it there). An unlit LED is a dark dot with a grey rim.
//
// The layout is app.ring's (Board.facts: the ring and position of each LED of the chain), drawn
// as the terminal draws it: ring 0 outside, position k at k/size of a turn clockwise from the
// top, a last ring of one LED at the centre, rings at the terminal's radii.

export const LIFT_L = 0.52;
export const DIM_FLOOR = 0.25;
export const UNLIT_FILL = [24, 24, 27];
const UNLIT_RIM = "rgb(52, 52, 58)";
const FACE = "rgb(8, 8, 10)";
const FACE_RIM = "rgb(40, 40, 46)";
export const RADII = [1.0, 0.8, 0.62, 0.45, 0.28]; // each ring's radius, a share of the outer one
const GLOW_REACH = 3.2; // a glow's radius, in dot radii
const GLOW_ALPHA = 0.55; // a full LED's glow at its middle

function cbrt(x) {
  return x > 0 ? x ** (1 / 3) : -((-x) ** (1 / 3));
}

/** OKLab of linear sRGB light (0 to 1 a channel). */
export function oklab(r, g, b) {
  const l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

export function linearFromOklab(lightness, a, b) {
  const l = lightness + 0.3963377774 * a + 0.2158037573 * b;
  const m = lightness - 0.1055613458 * a - 0.0638541728 * b;
  const s = lightness - 0.0894841775 * a - 1.291485548 * b;
  const [l3, m3, s3] = [l * l * l, m * m * m, s * s * s];
  return [
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
  ];
}

/** Linear light 0..1 to an sRGB byte. */
export function srgbByte(x) {
  if (x <= 0) return 0;
  if (x >= 1) return 255;
  const coded = x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
  return Math.floor(coded * 255 + 0.5);
}

/** A colour at full intensity lightened to LIFT_L if darker, its OKLab hue kept. */
export function lifted(r, g, b) {
  const [lightness, a, bb] = oklab(r, g, b);
  if (lightness >= LIFT_L) return [r, g, b];
  let low = 0;
  let high = 1; // the share of the chroma kept
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    const rgb = linearFromOklab(LIFT_L, a * mid, bb * mid);
    if (Math.min(...rgb) >= 0 && Math.max(...rgb) <= 1) low = mid;
    else high = mid;
  }
  return linearFromOklab(LIFT_L, a * low, bb * low).map((v) => Math.max(0, v));
}

/** [sRGB, intensity 0..1] of an LED receiving r, g, b (logical order) when `full` is the
 *  configured brightness; null for an unlit LED. */
export function ledColour(r, g, b, full) {
  const top = Math.max(r, g, b);
  if (top <= 0) return null;
  const m = top < full ? top / full : 1;
  const hue = lifted(r / top, g / top, b / top);
  const k = DIM_FLOOR + (1 - DIM_FLOOR) * m ** (1 / 3);
  const light = k * k * k;
  return [hue.map((v) => srgbByte(v * light)), m];
}

/** Where each LED of the chain sits, as [x, y] in units of the outer ring's radius from the
 *  middle, y down; facts: Board.facts(). */
export function ledPlaces(facts) {
  const sizes = facts.rings;
  return facts.places.map(([ring, k]) => {
    const size = sizes[ring];
    if (size === 1 && ring === sizes.length - 1 && ring > 0) return [0, 0];
    const radius = ring < RADII.length ? RADII[ring] : RADII[RADII.length - 1] * 0.5 ** (ring - RADII.length + 1);
    const angle = (2 * Math.PI * k) / size;
    return [radius * Math.sin(angle), -radius * Math.cos(angle)];
  });
}

export class Target {
  /** canvas: the target's; facts: Board.facts(). */
  constructor(canvas, facts) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.full = facts.brightness;
    const order = facts.color_order;
    this.channels = ["R", "G", "B"].map((c) => order.indexOf(c));
    this.places = ledPlaces(facts);
    // the dot: a share of the closest spacing between two LEDs, along a ring or across rings
    let spacing = 1;
    facts.rings.forEach((size, ring) => {
      if (size > 1) spacing = Math.min(spacing, (2 * Math.PI * (RADII[ring] ?? 0.2)) / size);
      if (ring > 0 && size > 1) spacing = Math.min(spacing, RADII[ring - 1] - (RADII[ring] ?? 0.2));
    });
    this.dot = Math.min(0.075, spacing * 0.36);
    this.cache = new Map(); // the wire colour -> [css colour, intensity] (glides make many)
    this.resize();
  }

  /** Size the canvas's pixels for its size on screen. */
  resize() {
    const ratio = globalThis.devicePixelRatio || 1;
    const side = this.canvas.clientWidth || 480;
    this.canvas.width = Math.round(side * ratio);
    this.canvas.height = Math.round(side * ratio);
    this.scale = (this.canvas.width / 2) / 1.16; // the outer ring's radius in canvas pixels
    if (this.wire) this.draw(this.wire);
  }

  /** Canvas pixel [x, y] of the middle of LED i. */
  pixelOf(i) {
    const [x, y] = this.places[i];
    return [Math.round(this.canvas.width / 2 + x * this.scale), Math.round(this.canvas.height / 2 + y * this.scale)];
  }

  /** [css colour or null, [r, g, b] or null, intensity] of LED i in a wire buffer. */
  colourOf(wire, i) {
    const [red, green, blue] = this.channels;
    const at = 3 * i;
    const key = (wire[at + red] << 16) | (wire[at + green] << 8) | wire[at + blue];
    let found = this.cache.get(key);
    if (!found) {
      if (this.cache.size > 4096) this.cache.clear();
      const lit = ledColour(key >> 16, (key >> 8) & 255, key & 255, this.full);
      found = lit ? [`rgb(${lit[0].join(",")})`, lit[0], lit[1]] : [null, null, 0];
      this.cache.set(key, found);
    }
    return found;
  }

  draw(wire) {
    this.wire = wire;
    const { ctx, canvas } = this;
    const s = this.scale;
    const cx = canvas.width / 2;
    const cy = canvas.height / 2;
    const dot = this.dot * s;
    ctx.globalCompositeOperation = "source-over";
    ctx.fillStyle = "rgb(0, 0, 0)";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.beginPath();
    ctx.arc(cx, cy, 1.12 * s, 0, 2 * Math.PI);
    ctx.fillStyle = FACE;
    ctx.fill();
    ctx.lineWidth = Math.max(1, s * 0.01);
    ctx.strokeStyle = FACE_RIM;
    ctx.stroke();
    const colours = this.places.map((_, i) => this.colourOf(wire, i));
    ctx.globalCompositeOperation = "lighter"; // glows add up, as light does
    colours.forEach(([css, rgb, m], i) => {
      if (!css) return;
      const [x, y] = this.pixelOf(i);
      const reach = dot * GLOW_REACH;
      const glow = ctx.createRadialGradient(x, y, dot * 0.5, x, y, reach);
      glow.addColorStop(0, `rgba(${rgb.join(",")}, ${(GLOW_ALPHA * (0.35 + 0.65 * m)).toFixed(3)})`);
      glow.addColorStop(1, `rgba(${rgb.join(",")}, 0)`);
      ctx.fillStyle = glow;
      ctx.fillRect(x - reach, y - reach, 2 * reach, 2 * reach);
    });
    ctx.globalCompositeOperation = "source-over";
    colours.forEach(([css], i) => {
      const [x, y] = this.pixelOf(i);
      ctx.beginPath();
      ctx.arc(x, y, dot, 0, 2 * Math.PI);
      ctx.fillStyle = css || `rgb(${UNLIT_FILL.join(",")})`;
      ctx.fill();
      if (!css) {
        ctx.lineWidth = Math.max(1, dot * 0.18);
        ctx.strokeStyle = UNLIT_RIM;
        ctx.stroke();
      }
    });
  }
}
