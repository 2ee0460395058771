import { paletteFor, type Palette } from "./palettes.js";
import { hashOf, r1, seeded, type Seeded } from "./seeded.js";
import { circle, glow, linear, path, polyline, rect, svgRoot } from "./svg.js";

export interface SeriesArtSubject {
  /** The series slug: chooses the motif and varies the layout. */
  slug: string;
  /** The class type most of its classes are (category slug): chooses the palette. */
  classType?: string;
}

/** A motif fills the box `x, y, w, h` (the right-hand part of the cover). */
type Pattern = (box: { x: number; y: number; w: number; h: number; u: number }, p: Palette, rnd: Seeded) => string;

const dots: Pattern = ({ x, y, w, h, u }, p) => {
  let out = "";
  const step = u * 0.11;
  for (let i = 0; x + i * step < x + w; i++)
    for (let j = 0; y + j * step < y + h; j++)
      out += circle(
        x + i * step + step / 2,
        y + j * step + step / 2,
        step * (0.12 + ((i + j) % 4) * 0.07),
        `fill="${(i + j) % 3 ? p.light : p.accent}" fill-opacity="0.8"`,
      );
  return out;
};

const stripes: Pattern = ({ x, y, w, h, u }, p) => {
  let out = "";
  for (let i = 0; i < 9; i++)
    out += rect(
      x + (i * w) / 9,
      y + (i % 3) * u * 0.06,
      (w / 9) * 0.55,
      h,
      u * 0.04,
      `fill="${i % 2 ? p.accent : p.light}" fill-opacity="${r1(0.35 + (i % 4) * 0.15)}"`,
    );
  return out;
};

const arches: Pattern = ({ x, y, w, h }, p) => {
  let out = "";
  const cx = x + w / 2;
  for (let i = 6; i >= 1; i--) {
    const rx = (w / 2) * (i / 6);
    out += path(
      `M${r1(cx - rx)} ${r1(y + h)} A${r1(rx)} ${r1(rx)} 0 0 1 ${r1(cx + rx)} ${r1(y + h)} Z`,
      `fill="${i % 2 ? p.accent : p.light}" fill-opacity="${r1(0.3 + (6 - i) * 0.1)}"`,
    );
  }
  return out;
};

const triangles: Pattern = ({ x, y, w, h, u }, p, rnd) => {
  let out = "";
  const size = u * 0.22;
  for (let i = 0; i * size * 0.9 < w; i++)
    for (let j = 0; j * size * 0.9 < h; j++) {
      const tx = x + i * size * 0.9;
      const ty = y + j * size * 0.9;
      const up = (i + j) % 2 === 0;
      out += path(
        polyline(
          up
            ? [
                [tx, ty + size],
                [tx + size / 2, ty],
                [tx + size, ty + size],
              ]
            : [
                [tx, ty],
                [tx + size, ty],
                [tx + size / 2, ty + size],
              ],
        ) + " Z",
        `fill="${rnd.next() < 0.5 ? p.accent : p.light}" fill-opacity="${r1(rnd.range(0.2, 0.8))}"`,
      );
    }
  return out;
};

const orbits: Pattern = ({ x, y, w, h, u }, p, rnd) => {
  const cx = x + w / 2;
  const cy = y + h / 2;
  let out = circle(cx, cy, u * 0.1, `fill="${p.accent}"`);
  for (let i = 1; i <= 4; i++) {
    const radius = u * 0.1 + i * u * 0.08;
    out += circle(
      cx,
      cy,
      radius,
      `fill="none" stroke="${p.light}" stroke-opacity="0.45" stroke-width="${r1(u * 0.006)}"`,
    );
    const a = rnd.range(0, Math.PI * 2);
    out += circle(
      cx + Math.cos(a) * radius,
      cy + Math.sin(a) * radius,
      u * (0.02 + i * 0.006),
      `fill="${i % 2 ? p.light : p.accent}"`,
    );
  }
  return out;
};

const chevrons: Pattern = ({ x, y, w, h, u }, p) => {
  let out = "";
  const step = u * 0.12;
  for (let j = 0; j * step < h + step; j++) {
    const points: [number, number][] = [];
    for (let i = 0; i <= 8; i++) points.push([x + (i * w) / 8, y + j * step + (i % 2 ? step * 0.5 : 0)]);
    out += path(
      polyline(points),
      `fill="none" stroke="${j % 2 ? p.accent : p.light}" stroke-opacity="0.75" stroke-width="${r1(u * 0.025)}" stroke-linejoin="round"`,
    );
  }
  return out;
};

const sunburst: Pattern = ({ x, y, w, h, u }, p) => {
  const cx = x + w * 0.55;
  const cy = y + h;
  let out = "";
  for (let i = 0; i < 12; i++) {
    const a0 = Math.PI + (i * Math.PI) / 12;
    const a1 = a0 + Math.PI / 24;
    const reach = Math.max(w, h) * 1.2;
    out += path(
      `M${r1(cx)} ${r1(cy)} L${r1(cx + Math.cos(a0) * reach)} ${r1(cy + Math.sin(a0) * reach)} L${r1(cx + Math.cos(a1) * reach)} ${r1(cy + Math.sin(a1) * reach)} Z`,
      `fill="${p.light}" fill-opacity="0.22"`,
    );
  }
  return (
    out +
    circle(cx, cy, u * 0.28, `fill="${p.accent}"`) +
    circle(cx, cy, u * 0.18, `fill="${p.light}" fill-opacity="0.8"`)
  );
};

const petals: Pattern = ({ x, y, w, h, u }, p) => {
  const cx = x + w / 2;
  const cy = y + h / 2;
  let out = "";
  for (let i = 0; i < 8; i++)
    out += `<ellipse cx="${r1(cx)}" cy="${r1(cy - u * 0.17)}" rx="${r1(u * 0.08)}" ry="${r1(u * 0.19)}" transform="rotate(${i * 45} ${r1(cx)} ${r1(cy)})" fill="${i % 2 ? p.accent : p.light}" fill-opacity="0.7"/>`;
  return out + circle(cx, cy, u * 0.07, `fill="${p.deep}"`);
};

const blocks: Pattern = ({ x, y, w, h, u }, p, rnd) => {
  let out = "";
  const cols = 5;
  for (let i = 0; i < cols; i++) {
    const bh = h * rnd.range(0.3, 0.95);
    out += rect(
      x + (i * w) / cols + u * 0.01,
      y + h - bh,
      w / cols - u * 0.03,
      bh,
      u * 0.03,
      `fill="${i % 2 ? p.light : p.accent}" fill-opacity="${r1(0.45 + i * 0.1)}"`,
    );
  }
  return out;
};

const ripples: Pattern = ({ x, y, w, h, u }, p) => {
  let out = "";
  for (let i = 0; i < 7; i++) {
    const yy = y + (h / 7) * (i + 0.5);
    out += path(
      `M${r1(x)} ${r1(yy)} Q${r1(x + w * 0.25)} ${r1(yy - u * 0.08)} ${r1(x + w * 0.5)} ${r1(yy)} T${r1(x + w)} ${r1(yy)}`,
      `fill="none" stroke="${i % 2 ? p.accent : p.light}" stroke-width="${r1(u * 0.03)}" stroke-linecap="round" stroke-opacity="0.8"`,
    );
  }
  return out;
};

const diamonds: Pattern = ({ x, y, w, h, u }, p) => {
  let out = "";
  const s = u * 0.16;
  for (let i = 0; i * s < w + s; i++)
    for (let j = 0; j * s < h + s; j++) {
      if ((i + j) % 2) continue;
      const cx = x + i * s;
      const cy = y + j * s;
      out += path(
        polyline([
          [cx, cy - s / 2],
          [cx + s / 2, cy],
          [cx, cy + s / 2],
          [cx - s / 2, cy],
        ]) + " Z",
        `fill="${(i * 3 + j) % 4 ? p.light : p.accent}" fill-opacity="0.6"`,
      );
    }
  return out;
};

const blobs: Pattern = ({ x, y, w, h, u }, p, rnd) => {
  let out = "";
  for (let i = 0; i < 5; i++) {
    const cx = x + w * rnd.range(0.15, 0.85);
    const cy = y + h * rnd.range(0.15, 0.85);
    const rr = u * rnd.range(0.1, 0.24);
    out += `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rr * 1.3)}" ry="${r1(rr)}" transform="rotate(${r1(rnd.range(0, 180))} ${r1(cx)} ${r1(cy)})" fill="${i % 2 ? p.accent : p.light}" fill-opacity="${r1(rnd.range(0.35, 0.75))}"/>`;
  }
  return out;
};

/** Twelve motifs, one per series (see `motifIndex`). */
const SERIES_MOTIFS = [
  dots,
  stripes,
  arches,
  triangles,
  orbits,
  chevrons,
  sunburst,
  petals,
  blocks,
  ripples,
  diamonds,
  blobs,
];

/**
 * The motif a series is drawn with, from its slug. The salt was chosen once so the eleven demo series each get a
 * motif of their own; a series added later still gets a stable one.
 */
const MOTIF_SALT = "motif-1350";
const motifIndex = (slug: string) => hashOf(`${MOTIF_SALT}:${slug}`) % SERIES_MOTIFS.length;

/**
 * A series cover as SVG: its class type's palette, its own motif on the right, and a dark, quiet left side where
 * titles sit (the featured banner and the series card put the name over it), so no art competes with the title.
 */
export function seriesArt(subject: SeriesArtSubject, width: number, height: number): string {
  const p = paletteFor(subject.classType, hashOf(subject.slug));
  const rnd = seeded(`series:${subject.slug}`);
  const u = Math.min(width, height);
  const wide = width / height > 1.2;
  const box = wide
    ? { x: width * 0.42, y: 0, w: width * 0.58, h: height, u }
    : { x: 0, y: 0, w: width, h: height * 0.62, u };
  const motif = SERIES_MOTIFS[motifIndex(subject.slug)]!(box, p, rnd);
  const defs =
    `<defs>${linear("bg", rnd.range(20, 70), [p.deep, p.mid, p.accent])}${glow("glow", p.light, 0.35)}` +
    `<linearGradient id="veil" x1="0" y1="${wide ? 0 : 1}" x2="${wide ? 1 : 0}" y2="0"><stop offset="0%" stop-color="${p.deep}" stop-opacity="0.95"/>` +
    `<stop offset="45%" stop-color="${p.deep}" stop-opacity="0.6"/><stop offset="100%" stop-color="${p.deep}" stop-opacity="0"/></linearGradient></defs>`;
  const light = circle(box.x + box.w * 0.6, box.y + box.h * 0.4, u * 0.6, `fill="url(#glow)"`);
  return svgRoot(
    width,
    height,
    `${defs}<rect width="${width}" height="${height}" fill="url(#bg)"/>${light}${motif}<rect width="${width}" height="${height}" fill="url(#veil)"/>`,
  );
}
