#!/usr/bin/env node
// Regenerates the license-free music loops committed beside this script (needs ffmpeg; CI never runs it):
// `node host/server/music/assets/generate.mjs`. Every sound is synthesized here from sine, saw and noise with a
// seeded random generator, so the output is ours, deterministic, and free of any sample or recording.
// Writes <station>/<track>.mp3 (mono, 40 kbps) and stations.json, the catalogue the local music provider serves.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = dirname(fileURLToPath(import.meta.url));
const RATE = 32000;
const BARS = 8;

/** mulberry32: a tiny seeded generator, so a rerun writes the same notes. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hz = (midi) => 440 * 2 ** ((midi - 69) / 12);
const saw = (phase) => 2 * (phase - Math.floor(phase + 0.5));
const sine = (phase) => Math.sin(2 * Math.PI * phase);
const tri = (phase) => 1 - 4 * Math.abs(phase - Math.floor(phase + 0.5));

/** A mono float buffer the instruments add into. */
class Mix {
  constructor(seconds) {
    this.data = new Float32Array(Math.ceil(seconds * RATE));
  }
  add(start, length, fn) {
    const from = Math.floor(start * RATE);
    const n = Math.min(Math.floor(length * RATE), this.data.length - from);
    for (let i = 0; i < n; i++) this.data[from + i] += fn(i / RATE);
  }
}

const instruments = {
  kick: (mix, at, gain = 1) =>
    // A sine whose pitch falls from 155 Hz to 45 Hz: the phase is the integral of that frequency.
    mix.add(
      at,
      0.35,
      (t) => gain * 0.9 * Math.sin(2 * Math.PI * (45 * t + (110 / 30) * (1 - Math.exp(-t * 30)))) * Math.exp(-t * 9),
    ),
  snare: (mix, at, rnd, gain = 1) => {
    let last = 0;
    mix.add(at, 0.25, (t) => {
      const n = rnd() * 2 - 1;
      const bright = n - last;
      last = n;
      return gain * (0.35 * bright * Math.exp(-t * 18) + 0.25 * Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t * 25));
    });
  },
  clap: (mix, at, rnd, gain = 1) => {
    for (const offset of [0, 0.011, 0.023]) {
      let last = 0;
      mix.add(at + offset, 0.18, (t) => {
        const n = rnd() * 2 - 1;
        const bright = n - last;
        last = n;
        return gain * 0.3 * bright * Math.exp(-t * (offset === 0.023 ? 14 : 60));
      });
    }
  },
  hat: (mix, at, rnd, gain = 1, open = false) => {
    let last = 0;
    mix.add(at, open ? 0.3 : 0.06, (t) => {
      const n = rnd() * 2 - 1;
      const bright = n - last;
      last = n;
      return gain * 0.12 * bright * Math.exp(-t * (open ? 10 : 70));
    });
  },
  bass: (mix, at, length, midi, gain = 1, wave = saw) => {
    const f = hz(midi);
    let low = 0;
    mix.add(at, length, (t) => {
      low += 0.08 * (wave(f * t) - low); // one-pole low-pass keeps it round
      return gain * 0.45 * low * Math.min(1, t * 200) * Math.exp(-t * 2.5) * Math.min(1, (length - t) * 80);
    });
  },
  pad: (mix, at, length, notes, gain = 1) => {
    const lows = notes.map(() => 0);
    mix.add(at, length, (t) => {
      let sum = 0;
      notes.forEach((midi, k) => {
        const f = hz(midi);
        const raw = 0.5 * (saw(f * t) + saw(f * 1.004 * t));
        lows[k] += 0.03 * (raw - lows[k]);
        sum += lows[k];
      });
      const env = Math.min(1, t / 0.25) * Math.min(1, (length - t) / 0.3);
      return (gain * 0.16 * sum * env) / Math.sqrt(notes.length);
    });
  },
  stab: (mix, at, notes, gain = 1) =>
    mix.add(at, 0.3, (t) => {
      let sum = 0;
      for (const midi of notes) sum += tri(hz(midi) * t) + 0.3 * saw(hz(midi) * t);
      return (gain * 0.16 * sum * Math.exp(-t * 12)) / Math.sqrt(notes.length);
    }),
  pluck: (mix, at, midi, gain = 1) =>
    mix.add(
      at,
      0.6,
      (t) => gain * 0.22 * (tri(hz(midi) * t) + 0.25 * Math.sin(4 * Math.PI * hz(midi) * t)) * Math.exp(-t * 6),
    ),
};

/** Chord notes (MIDI) from a root and a quality. */
const chord = (root, quality) =>
  ({ maj: [0, 4, 7], min: [0, 3, 7], min7: [0, 3, 7, 10], maj7: [0, 4, 7, 11], dom7: [0, 4, 7, 10] })[quality].map(
    (i) => root + i,
  );

/**
 * One station style: how a bar is played. `step` is a sixteenth; `bar(ctx)` adds the bar's notes.
 * Each track passes its own key, progression and seed.
 */
const styles = {
  pop({ mix, at, step, rnd, chordNotes, root }) {
    for (const s of [0, 6, 8, 14]) instruments.kick(mix, at + s * step, s % 8 === 0 ? 1 : 0.6);
    for (const s of [4, 12]) instruments.clap(mix, at + s * step, rnd);
    for (let s = 0; s < 16; s += 2) instruments.hat(mix, at + s * step, rnd, s % 4 === 2 ? 1 : 0.6);
    for (const s of [2, 6, 10, 14]) instruments.stab(mix, at + s * step, chordNotes);
    for (let s = 0; s < 16; s += 2) instruments.bass(mix, at + s * step, step * 1.8, root - 24);
  },
  electronic({ mix, at, step, rnd, chordNotes, root }) {
    for (let s = 0; s < 16; s += 4) instruments.kick(mix, at + s * step);
    for (let s = 0; s < 16; s++) instruments.hat(mix, at + s * step, rnd, s % 4 === 2 ? 1.3 : 0.5, s % 4 === 2);
    for (const s of [4, 12]) instruments.clap(mix, at + s * step, rnd, 0.7);
    for (let s = 0; s < 16; s++)
      if (s % 4 !== 0) instruments.bass(mix, at + s * step, step * 0.9, root - 24 + (s % 4 === 3 ? 12 : 0), 0.8);
    for (let s = 0; s < 16; s += 2)
      instruments.pluck(mix, at + s * step, chordNotes[(s / 2) % chordNotes.length] + 12, 0.55);
    instruments.pad(mix, at, step * 16, chordNotes, 0.6);
  },
  hiphop({ mix, at, step, rnd, chordNotes, root }) {
    const swing = step * 0.18;
    for (const s of [0, 7, 10]) instruments.kick(mix, at + s * step + (s % 2 ? swing : 0));
    for (const s of [4, 12]) instruments.snare(mix, at + s * step, rnd, 1.1);
    for (let s = 0; s < 16; s += 2)
      instruments.hat(mix, at + s * step + (s % 4 === 2 ? swing : 0), rnd, s % 4 === 2 ? 0.6 : 1);
    instruments.pad(mix, at, step * 16, chordNotes, 0.9);
    instruments.bass(mix, at, step * 6, root - 24, 1.1, sine);
    instruments.bass(mix, at + step * 10, step * 5, root - 24 + (rnd() < 0.5 ? 3 : 7), 1.1, sine);
  },
  chill({ mix, at, step, rnd, chordNotes, root, scale }) {
    for (const s of [0, 10]) instruments.kick(mix, at + s * step, 0.55);
    instruments.snare(mix, at + 8 * step, rnd, 0.45);
    for (let s = 2; s < 16; s += 4) instruments.hat(mix, at + s * step, rnd, 0.5);
    instruments.pad(mix, at, step * 16, chordNotes, 1.1);
    instruments.bass(mix, at, step * 8, root - 24, 0.8, sine);
    for (let s = 0; s < 16; s += 2)
      if (rnd() < 0.45) instruments.pluck(mix, at + s * step, scale[Math.floor(rnd() * scale.length)] + 12, 0.5);
  },
  throwback({ mix, at, step, rnd, chordNotes, root }) {
    for (let s = 0; s < 16; s += 4) instruments.kick(mix, at + s * step);
    for (const s of [4, 12]) instruments.snare(mix, at + s * step, rnd, 0.9);
    for (let s = 0; s < 16; s++) instruments.hat(mix, at + s * step, rnd, s % 4 === 2 ? 1.2 : 0.4, s % 4 === 2);
    for (let s = 0; s < 16; s += 2)
      instruments.bass(mix, at + s * step, step * 1.5, root - 24 + (s % 4 === 2 ? 12 : 0), 0.9, tri);
    for (const s of [3, 6, 11, 14])
      instruments.stab(
        mix,
        at + s * step,
        chordNotes.map((n) => n + 12),
        0.8,
      );
  },
};

// Progressions as [semitones above the key, quality] per bar (two bars each, eight bars in all).
const POP = [
  [0, "maj"],
  [7, "maj"],
  [9, "min"],
  [5, "maj"],
];
const POP2 = [
  [9, "min"],
  [5, "maj"],
  [0, "maj"],
  [7, "maj"],
];
const MINOR = [
  [0, "min7"],
  [8, "maj7"],
  [3, "maj7"],
  [10, "dom7"],
];
const JAZZY = [
  [2, "min7"],
  [7, "dom7"],
  [0, "maj7"],
  [9, "min7"],
];

const stations = [
  {
    id: "pop",
    name: "Pop",
    style: "pop",
    tracks: [
      { id: "sunrise-run", title: "Sunrise Run", key: 60, bpm: 112, progression: POP, seed: 11 },
      { id: "bright-side", title: "Bright Side", key: 62, bpm: 116, progression: POP2, seed: 12 },
      { id: "high-five", title: "High Five", key: 65, bpm: 110, progression: POP, seed: 13 },
    ],
  },
  {
    id: "electronic",
    name: "Electronic",
    style: "electronic",
    tracks: [
      { id: "neon-intervals", title: "Neon Intervals", key: 57, bpm: 126, progression: MINOR, seed: 21 },
      { id: "pulse-grid", title: "Pulse Grid", key: 59, bpm: 124, progression: POP2, seed: 22 },
      { id: "voltage", title: "Voltage", key: 55, bpm: 128, progression: MINOR, seed: 23 },
    ],
  },
  {
    id: "hip-hop",
    name: "Hip Hop",
    style: "hiphop",
    tracks: [
      { id: "block-steps", title: "Block Steps", key: 57, bpm: 90, progression: MINOR, seed: 31 },
      { id: "late-set", title: "Late Set", key: 62, bpm: 88, progression: JAZZY, seed: 32 },
      { id: "heavy-bag", title: "Heavy Bag", key: 55, bpm: 94, progression: MINOR, seed: 33 },
    ],
  },
  {
    id: "chill",
    name: "Chill",
    style: "chill",
    tracks: [
      { id: "slow-tide", title: "Slow Tide", key: 64, bpm: 80, progression: JAZZY, seed: 41 },
      { id: "soft-focus", title: "Soft Focus", key: 60, bpm: 76, progression: MINOR, seed: 42 },
      { id: "cool-down", title: "Cool Down", key: 65, bpm: 82, progression: POP2, seed: 43 },
    ],
  },
  {
    id: "throwback",
    name: "Throwback",
    style: "throwback",
    tracks: [
      { id: "mirror-ball", title: "Mirror Ball", key: 62, bpm: 118, progression: JAZZY, seed: 51 },
      { id: "roller-rink", title: "Roller Rink", key: 57, bpm: 120, progression: MINOR, seed: 52 },
      { id: "boogie-reps", title: "Boogie Reps", key: 60, bpm: 116, progression: POP, seed: 53 },
    ],
  },
];

function render(style, track) {
  const beat = 60 / track.bpm;
  const step = beat / 4;
  const seconds = BARS * 4 * beat;
  const mix = new Mix(seconds + 0.5);
  const rnd = random(track.seed);
  const major = [0, 2, 4, 7, 9].map((i) => track.key + i);
  for (let bar = 0; bar < BARS; bar++) {
    const [offset, quality] = track.progression[Math.floor(bar / 2) % track.progression.length];
    const root = track.key + offset;
    styles[style]({ mix, at: bar * 16 * step, step, rnd, chordNotes: chord(root, quality), root, scale: major });
  }
  // Fold the tail that rang past the loop back to its start, so the loop repeats without a click.
  const length = Math.round(seconds * RATE);
  const out = mix.data.slice(0, length);
  for (let i = length; i < mix.data.length; i++) out[i - length] += mix.data[i];
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const pcm = Buffer.alloc(out.length * 2);
  out.forEach((v, i) => pcm.writeInt16LE(Math.round(Math.tanh((v / peak) * 1.2) * 0.89 * 32767), i * 2));
  return { pcm, seconds };
}

const catalogue = [];
for (const station of stations) {
  mkdirSync(join(OUT, station.id), { recursive: true });
  const tracks = [];
  for (const track of station.tracks) {
    const { pcm, seconds } = render(station.style, track);
    const file = `${station.id}/${track.id}.mp3`;
    execFileSync(
      "ffmpeg",
      [
        "-loglevel",
        "error",
        "-y",
        "-f",
        "s16le",
        "-ar",
        String(RATE),
        "-ac",
        "1",
        "-i",
        "pipe:0",
        "-c:a",
        "libmp3lame",
        "-b:a",
        "40k",
        "-map_metadata",
        "-1",
        "-id3v2_version",
        "0",
        "-write_xing",
        "1",
        join(OUT, file),
      ],
      { input: pcm },
    );
    tracks.push({
      id: track.id,
      title: track.title,
      artist: "fitkit studio",
      duration: Math.round(seconds * 10) / 10,
      file,
    });
  }
  catalogue.push({ id: station.id, name: station.name, tracks });
}
writeFileSync(join(OUT, "stations.json"), JSON.stringify(catalogue, null, 2) + "\n");
console.log(`wrote ${catalogue.reduce((n, s) => n + s.tracks.length, 0)} loops`);
