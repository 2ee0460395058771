import { paletteFor, type Palette } from "./palettes.js";
import { hashOf, r1, seeded, type Seeded } from "./seeded.js";
import { circle, glow, linear, path, polyline, rect, svgRoot } from "./svg.js";

export interface WorkoutArtSubject {
  /** Varies the composition within its class type, so two classes of one type are siblings, not copies. */
  id: string;
  /** Category slug (`cardio-burn`, `walk`, …): chooses the palette and the motif. */
  classType?: string;
  /** Which still of the looping clip (0, 1, 2, …): the motif drifts a little from one to the next. */
  frame: number;
}

/** What a motif draws with: the box, its palette, the seeded draws and the frame's drift. */
interface Canvas {
  w: number;
  h: number;
  /** min(w, h): sizes that should not stretch with the aspect ratio. */
  u: number;
  p: Palette;
  rnd: Seeded;
  drift: number;
}

type Motif = (c: Canvas) => string;

/** Get Started: steps rising to the right with a ball resting on the top one. */
const steps: Motif = ({ w, h, u, p, rnd, drift }) => {
  const count = 4 + rnd.int(2);
  const stepW = (w * 0.5) / count;
  const base = h * 0.86;
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = w * 0.42 + i * stepW + drift;
    const top = base - (i + 1) * (h * 0.12);
    out += rect(
      x,
      top,
      stepW * 0.86,
      base - top,
      u * 0.02,
      `fill="${i % 2 ? p.accent : p.light}" fill-opacity="${0.55 + i * 0.1}"`,
    );
  }
  const lastX = w * 0.42 + (count - 1) * stepW + drift;
  out += circle(lastX + stepW * 0.43, base - count * h * 0.12 - u * 0.07, u * 0.07, `fill="${p.light}"`);
  return out;
};

/** Strength & Sculpt: large overlapping spheres (the P.ball) crossed by a thin ring. */
const spheres: Motif = ({ w, h, u, p, rnd, drift }) => {
  const cx = w * rnd.range(0.6, 0.72) + drift;
  const cy = h * rnd.range(0.42, 0.58);
  return [
    circle(cx, cy, u * 0.34, `fill="${p.accent}" fill-opacity="0.85"`),
    circle(cx + u * 0.26, cy + u * 0.16, u * 0.22, `fill="${p.light}" fill-opacity="0.55"`),
    circle(cx - u * 0.3, cy - u * 0.22, u * 0.12, `fill="${p.mid}" fill-opacity="0.9"`),
    circle(cx, cy, u * 0.44, `fill="none" stroke="${p.light}" stroke-opacity="0.45" stroke-width="${r1(u * 0.012)}"`),
  ].join("");
};

/** Progressive Weight Training: a dumbbell over rising bars. */
const plates: Motif = ({ w, h, u, p, rnd, drift }) => {
  let out = "";
  for (let i = 0; i < 6; i++) {
    const barH = h * (0.12 + i * 0.09) * rnd.range(0.85, 1.1);
    out += rect(w * 0.4 + i * w * 0.09, h - barH, w * 0.06, barH, u * 0.01, `fill="${p.mid}" fill-opacity="0.75"`);
  }
  const cy = h * 0.36;
  const cx = w * 0.66 + drift;
  const half = w * 0.2;
  out += rect(cx - half, cy - u * 0.018, half * 2, u * 0.036, u * 0.018, `fill="${p.light}"`);
  for (const side of [-1, 1]) {
    for (let k = 0; k < 3; k++) {
      const plateH = u * (0.34 - k * 0.07);
      const x = cx + side * (half - u * 0.05 - k * u * 0.055) - u * 0.025;
      out += rect(
        x,
        cy - plateH / 2,
        u * 0.05,
        plateH,
        u * 0.012,
        `fill="${k === 0 ? p.accent : p.light}" fill-opacity="${1 - k * 0.2}"`,
      );
    }
  }
  return out;
};

/** Cardio Burn: a heartbeat line over fast diagonal stripes. */
const pulse: Motif = ({ w, h, u, p, rnd, drift }) => {
  let out = "";
  for (let i = -2; i < 9; i++) {
    const x = i * w * 0.14 + drift * 2;
    out += path(
      `M${r1(x)} ${h} L${r1(x + w * 0.06)} ${h} L${r1(x + w * 0.36)} 0 L${r1(x + w * 0.3)} 0 Z`,
      `fill="${p.light}" fill-opacity="0.07"`,
    );
  }
  const mid = h * rnd.range(0.48, 0.6);
  const beat = w * rnd.range(0.52, 0.6) + drift;
  const points: [number, number][] = [
    [0, mid],
    [beat - w * 0.16, mid],
    [beat - w * 0.12, mid - h * 0.1],
    [beat - w * 0.08, mid + h * 0.08],
    [beat - w * 0.03, mid - h * 0.36],
    [beat + w * 0.02, mid + h * 0.24],
    [beat + w * 0.06, mid],
    [w, mid],
  ];
  out += path(
    polyline(points),
    `fill="none" stroke="${p.light}" stroke-width="${r1(u * 0.03)}" stroke-linejoin="round" stroke-linecap="round"`,
  );
  out += circle(beat - w * 0.03, mid - h * 0.36, u * 0.035, `fill="${p.accent}"`);
  return out;
};

/** Mat Definition: a mat laid at an angle with the core's rings on it. */
const mat: Motif = ({ w, h, u, p, rnd, drift }) => {
  const angle = r1(rnd.range(-18, -8));
  const cx = w * 0.64 + drift;
  const cy = h * 0.56;
  const matW = w * 0.62;
  const matH = u * 0.26;
  let out = `<g transform="rotate(${angle} ${r1(cx)} ${r1(cy)})">`;
  out += rect(cx - matW / 2, cy - matH / 2, matW, matH, matH / 2, `fill="${p.accent}" fill-opacity="0.9"`);
  for (let i = 1; i <= 5; i++)
    out += rect(
      cx - matW / 2 + (matW / 6) * i,
      cy - matH / 2,
      u * 0.006,
      matH,
      0,
      `fill="${p.deep}" fill-opacity="0.18"`,
    );
  out += "</g>";
  for (let i = 3; i >= 1; i--)
    out += circle(
      cx,
      cy - u * 0.05,
      u * 0.07 * i,
      `fill="none" stroke="${p.light}" stroke-opacity="${r1(0.25 + 0.2 * (3 - i))}" stroke-width="${r1(u * 0.014)}"`,
    );
  return out;
};

/** Recover & Stretch: long, slow waves. */
const waves: Motif = ({ w, h, p, rnd, drift }) => {
  let out = "";
  const bands = 5;
  for (let i = 0; i < bands; i++) {
    const y = h * (0.35 + i * 0.13);
    const amp = h * rnd.range(0.06, 0.12);
    const shift = drift * (i + 1) * 0.6;
    const d = `M0 ${r1(y)} C${r1(w * 0.25 + shift)} ${r1(y - amp)} ${r1(w * 0.5 + shift)} ${r1(y + amp)} ${r1(w * 0.75 + shift)} ${r1(y - amp / 2)} S${r1(w * 1.05)} ${r1(y + amp / 2)} ${w} ${r1(y)} L${w} ${h} L0 ${h} Z`;
    out += path(d, `fill="${i % 2 ? p.light : p.accent}" fill-opacity="${r1(0.14 + i * 0.09)}"`);
  }
  return out;
};

/** Movement Therapy: a kinetic chain of joints and its range of motion. */
const joints: Motif = ({ w, h, u, p, rnd, drift }) => {
  const start: [number, number] = [w * 0.5 + drift, h * 0.8];
  const points: [number, number][] = [start];
  let angle = -75;
  for (let i = 0; i < 3; i++) {
    angle += rnd.range(20, 45);
    const [x, y] = points[i]!;
    const len = u * (0.32 - i * 0.06);
    points.push([x + Math.cos((angle * Math.PI) / 180) * len, y + Math.sin((angle * Math.PI) / 180) * len]);
  }
  const [ax, ay] = points[1]!;
  let out = path(
    `M${r1(ax - u * 0.3)} ${r1(ay)} A${r1(u * 0.3)} ${r1(u * 0.3)} 0 0 1 ${r1(ax)} ${r1(ay - u * 0.3)}`,
    `fill="none" stroke="${p.light}" stroke-opacity="0.5" stroke-width="${r1(u * 0.01)}" stroke-dasharray="${r1(u * 0.02)} ${r1(u * 0.025)}"`,
  );
  out += path(
    polyline(points),
    `fill="none" stroke="${p.accent}" stroke-width="${r1(u * 0.045)}" stroke-linecap="round" stroke-linejoin="round"`,
  );
  points.forEach(
    ([x, y], i) =>
      (out += circle(
        x,
        y,
        u * (0.05 - i * 0.006),
        `fill="${p.light}" stroke="${p.deep}" stroke-width="${r1(u * 0.01)}"`,
      )),
  );
  return out;
};

/** Meditation: still rings, a crescent moon and a few stars. */
const rings: Motif = ({ w, h, u, p, rnd, drift }) => {
  const cx = w * 0.66 + drift * 0.5;
  const cy = h * 0.5;
  let out = "";
  for (let i = 5; i >= 1; i--)
    out += circle(cx, cy, u * 0.08 * i, `fill="${p.accent}" fill-opacity="${r1(0.08 + (5 - i) * 0.05)}"`);
  out += circle(cx, cy, u * 0.11, `fill="${p.light}"`);
  out += circle(cx + u * 0.045, cy - u * 0.03, u * 0.095, `fill="${p.mid}"`);
  for (let i = 0; i < 14; i++)
    out += circle(
      rnd.range(0, w),
      rnd.range(0, h * 0.7),
      u * rnd.range(0.003, 0.008),
      `fill="${p.light}" fill-opacity="${r1(rnd.range(0.4, 0.9))}"`,
    );
  return out;
};

/** Walks: rolling hills, the sun and a path winding away. */
const hills: Motif = ({ w, h, u, p, rnd, drift }) => {
  let out = circle(w * rnd.range(0.62, 0.8) + drift * 0.4, h * 0.3, u * 0.12, `fill="${p.light}" fill-opacity="0.9"`);
  for (let i = 0; i < 3; i++) {
    const y = h * (0.55 + i * 0.12);
    out += path(
      `M0 ${r1(y)} Q${r1(w * (0.3 + i * 0.15))} ${r1(y - h * 0.2)} ${w} ${r1(y + h * 0.02)} L${w} ${h} L0 ${h} Z`,
      `fill="${i === 1 ? p.accent : p.mid}" fill-opacity="${r1(0.5 + i * 0.2)}"`,
    );
  }
  out += path(
    `M${r1(w * 0.55)} ${h} C${r1(w * 0.75)} ${r1(h * 0.85)} ${r1(w * 0.5)} ${r1(h * 0.75)} ${r1(w * 0.68 + drift)} ${r1(h * 0.62)}`,
    `fill="none" stroke="${p.light}" stroke-width="${r1(u * 0.02)}" stroke-dasharray="${r1(u * 0.04)} ${r1(u * 0.03)}" stroke-linecap="round"`,
  );
  return out;
};

/** Rest days: a low sun on the horizon and soft clouds. */
const horizon: Motif = ({ w, h, u, p, rnd, drift }) => {
  const y = h * 0.66;
  let out = circle(w * 0.64 + drift * 0.3, y, u * 0.24, `fill="${p.light}" fill-opacity="0.85"`);
  out += rect(0, y, w, h - y, 0, `fill="${p.deep}" fill-opacity="0.75"`);
  for (let i = 0; i < 3; i++) {
    const cx = w * rnd.range(0.2, 0.9) + drift;
    const cy = h * rnd.range(0.18, 0.45);
    out += rect(cx - u * 0.16, cy, u * 0.32, u * 0.07, u * 0.035, `fill="${p.light}" fill-opacity="0.35"`);
  }
  for (let i = 1; i < 4; i++)
    out += rect(
      w * 0.4,
      y + i * h * 0.06,
      w * 0.48 - i * w * 0.08,
      u * 0.008,
      u * 0.004,
      `fill="${p.light}" fill-opacity="0.4"`,
    );
  return out;
};

/** Motifs that run off the edges: moving or tilting them would show where they end. */
const BLEEDS = new Set<Motif>([pulse, waves, hills, horizon]);

/** The motif each class type is drawn with; anything else gets the spheres. */
const CLASS_TYPE_MOTIFS: Record<string, Motif> = {
  "get-started": steps,
  "strength-and-sculpt": spheres,
  "progressive-weight-training": plates,
  "cardio-burn": pulse,
  "mat-definition": mat,
  "recover-and-stretch": waves,
  "movement-therapy": joints,
  meditation: rings,
  walk: hills,
  rest: horizon,
};

/**
 * A class's still as SVG: its class type's palette and motif over a gradient, varied by the class id and drifting
 * by frame. The left third stays quiet and dark so titles and badges laid over a card stay readable.
 */
export function workoutArt(subject: WorkoutArtSubject, width: number, height: number): string {
  const p = paletteFor(subject.classType, hashOf(subject.id));
  const rnd = seeded(`workout:${subject.id}`);
  const u = Math.min(width, height);
  const canvas: Canvas = { w: width, h: height, u, p, rnd, drift: subject.frame * width * 0.025 };
  const angle = rnd.range(15, 75);
  const motif = (subject.classType && CLASS_TYPE_MOTIFS[subject.classType]) || spheres;
  // Siblings, not copies: each class moves, scales and tilts its type's motif a little and lights it from elsewhere.
  const scale = r1(rnd.range(0.8, 1.12) * 100) / 100;
  const ox = r1(width * rnd.range(-0.08, 0.06));
  const oy = r1(height * rnd.range(-0.08, 0.08));
  const tilt = r1(rnd.range(-6, 6));
  const pivot = `${r1(width * 0.65)} ${r1(height * 0.5)}`;
  const placed = BLEEDS.has(motif)
    ? motif(canvas)
    : `<g transform="translate(${ox} ${oy}) rotate(${tilt} ${pivot}) translate(${pivot}) scale(${scale}) translate(${r1(-width * 0.65)} ${r1(-height * 0.5)})">${motif(canvas)}</g>`;
  const defs = `<defs>${linear("bg", angle, rnd.next() < 0.5 ? [p.deep, p.mid] : [p.deep, p.deep, p.mid])}${glow("glow", p.accent, 0.55)}<linearGradient id="veil"><stop offset="0%" stop-color="${p.deep}"/><stop offset="100%" stop-color="${p.deep}" stop-opacity="0"/></linearGradient></defs>`;
  const glowAt = circle(width * rnd.range(0.55, 0.85), height * rnd.range(0.2, 0.6), u * 0.7, `fill="url(#glow)"`);
  // The veil darkens the left edge, where the app and widgets put text over the image.
  const veil = `<rect width="${r1(width * 0.45)}" height="${height}" fill="url(#veil)" fill-opacity="0.55"/>`;
  return svgRoot(
    width,
    height,
    `${defs}<rect width="${width}" height="${height}" fill="url(#bg)"/>${glowAt}${placed}${veil}`,
  );
}
