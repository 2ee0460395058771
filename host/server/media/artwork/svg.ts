import { r1 } from "./seeded.js";

/** The pieces every composition is made of: a sized root, gradients and a few shapes (never text). */
export const svgRoot = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

/** A linear gradient across the box at `angle` degrees. */
export function linear(id: string, angle: number, stops: [string, string, ...string[]]) {
  const rad = (angle * Math.PI) / 180;
  const x = r1(50 + Math.cos(rad) * 50);
  const y = r1(50 + Math.sin(rad) * 50);
  const offsets = stops
    .map((color, i) => `<stop offset="${r1((i / (stops.length - 1)) * 100)}%" stop-color="${color}"/>`)
    .join("");
  return `<linearGradient id="${id}" x1="${r1(100 - x)}%" y1="${r1(100 - y)}%" x2="${x}%" y2="${y}%">${offsets}</linearGradient>`;
}

/** A radial glow: `color` at the centre fading to transparent. */
export const glow = (id: string, color: string, opacity: number) =>
  `<radialGradient id="${id}"><stop offset="0%" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

export const circle = (cx: number, cy: number, radius: number, attrs: string) =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.max(radius, 0))}" ${attrs}/>`;

export const rect = (x: number, y: number, w: number, h: number, rx: number, attrs: string) =>
  `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(Math.max(w, 0))}" height="${r1(Math.max(h, 0))}" rx="${r1(rx)}" ${attrs}/>`;

export const path = (d: string, attrs: string) => `<path d="${d}" ${attrs}/>`;

/** `points` as an SVG path through them. */
export const polyline = (points: [number, number][]) =>
  points.map(([x, y], i) => `${i ? "L" : "M"}${r1(x)} ${r1(y)}`).join(" ");
