/**
 * Colours per class type (category slug). Each palette is a dark-to-light ramp: `deep` and `mid` paint the
 * background, `accent` the motif, `light` highlights; cards lay white titles over the dark side, so `deep` stays dark.
 */
export interface Palette {
  deep: string;
  mid: string;
  accent: string;
  light: string;
}

const CLASS_TYPE_PALETTES: Record<string, Palette> = {
  "get-started": { deep: "#2d3047", mid: "#93566f", accent: "#e8875b", light: "#f4c7a1" },
  "strength-and-sculpt": { deep: "#4a1230", mid: "#a12d45", accent: "#e2574c", light: "#f9b79f" },
  "progressive-weight-training": { deep: "#14263f", mid: "#2f5f8f", accent: "#f2a541", light: "#cfe1f2" },
  "cardio-burn": { deep: "#5c0d1c", mid: "#d7263d", accent: "#f46036", light: "#ffc857" },
  "mat-definition": { deep: "#083d44", mid: "#0b6e6e", accent: "#3fb8af", light: "#dcedc1" },
  "recover-and-stretch": { deep: "#2e2750", mid: "#5f4b8b", accent: "#b08dc6", light: "#f0dcef" },
  "movement-therapy": { deep: "#22352a", mid: "#3a5a40", accent: "#a3b18a", light: "#e9edc9" },
  meditation: { deep: "#12122b", mid: "#2f2d74", accent: "#6c63c9", light: "#f5d491" },
  walk: { deep: "#173d2a", mid: "#2c7744", accent: "#56ab91", light: "#cfe8a9" },
  rest: { deep: "#1f3247", mid: "#486581", accent: "#9fb3c8", light: "#f0e6d2" },
};

/** Palettes for anything without a class type, picked by hash. */
const SPARE_PALETTES: Palette[] = [
  { deep: "#3b1f2b", mid: "#8c2f39", accent: "#f28f3b", light: "#ffd5c2" },
  { deep: "#0f2b3a", mid: "#1d6a75", accent: "#f6ae2d", light: "#e6f4f1" },
  { deep: "#2b193d", mid: "#5c3c92", accent: "#ff6f91", light: "#ffe3ec" },
];

export function paletteFor(classType: string | undefined, fallback: number): Palette {
  return (classType && CLASS_TYPE_PALETTES[classType]) || SPARE_PALETTES[fallback % SPARE_PALETTES.length]!;
}
