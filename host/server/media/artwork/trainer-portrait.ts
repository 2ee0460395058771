import { hashOf, r1 } from "./seeded.js";
import { circle, path, rect, svgRoot } from "./svg.js";

const SKIN = ["#f9d7c0", "#efc19f", "#d9a47e", "#b9825c", "#8d5a3b", "#5e3b27"];
const HAIR = ["#1f1a17", "#3b2a20", "#6b4226", "#a0522d", "#d8b26e", "#8e8e8e", "#b5533c"];
const BACKDROP = ["#fbe9e4", "#dcedc1", "#cfe1f2", "#f0dcef", "#ffe3b3", "#d9e2ec", "#e9edc9", "#ffd5c2"];
const SHIRT = ["#b4402a", "#2f5f8f", "#0b6e6e", "#5f4b8b", "#3a5a40", "#16161d", "#d7263d", "#f2a541"];
const HAIRSTYLES = ["short", "bun", "long", "curly", "buzz", "ponytail", "bob", "waves"] as const;
type Hairstyle = (typeof HAIRSTYLES)[number];

interface Features {
  skin: string;
  hair: string;
  hairstyle: Hairstyle;
  backdrop: string;
  shirt: string;
  glasses: boolean;
  earrings: boolean;
}

/**
 * A trainer's features, each drawn from its own hash of the slug. The salt was chosen once so the twelve demo
 * trainers spread over every skin tone and no hairstyle, hair colour or backdrop serves more than two or three of
 * them; any other trainer still gets a stable face.
 */
const FEATURE_SALT = "face-22529";
function featuresOf(slug: string): Features {
  const pick = <T>(feature: string, items: readonly T[]) =>
    items[hashOf(`${FEATURE_SALT}:${feature}:${slug}`) % items.length]!;
  const roll = (feature: string, n: number) => hashOf(`${FEATURE_SALT}:${feature}:${slug}`) % n === 0;
  return {
    skin: pick("skin", SKIN),
    hair: pick("hair", HAIR),
    hairstyle: pick("hairstyle", HAIRSTYLES),
    backdrop: pick("backdrop", BACKDROP),
    shirt: pick("shirt", SHIRT),
    glasses: roll("glasses", 4),
    earrings: roll("earrings", 3),
  };
}

/** Hair drawn behind the head (long hair, buns) and in front of it (fringes), in a 100 × 100 space. */
function hairOf(style: Hairstyle, color: string): { back: string; front: string } {
  const fill = `fill="${color}"`;
  switch (style) {
    case "short":
      return {
        back: "",
        front: path("M31 44 C30 26 44 18 52 19 C63 19 71 27 70 44 C66 34 58 30 50 31 C42 31 35 35 31 44 Z", fill),
      };
    case "bun":
      return {
        back: circle(50, 14, 10, fill),
        front: path("M31 44 C30 25 42 20 50 20 C60 20 71 26 70 44 C63 33 57 29 50 29 C43 29 37 33 31 44 Z", fill),
      };
    case "long":
      return {
        back: path("M28 44 C26 22 42 16 50 16 C60 16 75 22 72 44 L76 82 L24 82 Z", fill),
        front: path(
          "M31 42 C33 27 44 21 52 22 C47 28 40 34 31 42 Z M69 42 C67 30 60 24 52 22 C58 28 63 34 69 42 Z",
          fill,
        ),
      };
    case "curly": {
      let back = "";
      for (let i = 0; i < 9; i++) {
        const a = Math.PI + (i * Math.PI) / 8;
        back += circle(50 + Math.cos(a) * 21, 38 + Math.sin(a) * 20, 8.5, fill);
      }
      return { back: back + circle(50, 30, 18, fill), front: "" };
    }
    case "buzz":
      return {
        back: "",
        front: path(
          "M32 42 C32 28 42 21 50 21 C59 21 68 28 68 42 C62 36 56 34 50 34 C44 34 38 36 32 42 Z",
          `${fill} fill-opacity="0.85"`,
        ),
      };
    case "ponytail":
      return {
        back: path("M66 30 C82 34 84 56 74 70 C76 54 72 42 64 36 Z", fill),
        front: path("M31 44 C30 25 42 19 51 19 C61 19 71 26 70 42 C62 32 54 29 46 30 C40 32 34 37 31 44 Z", fill),
      };
    case "bob":
      return {
        back: path("M27 46 C25 24 40 17 50 17 C61 17 75 24 73 46 L72 62 L28 62 Z", fill),
        front: path("M31 43 C36 30 46 26 58 27 C64 29 68 35 70 43 C66 38 60 34 50 34 C42 35 35 38 31 43 Z", fill),
      };
    case "waves":
      return {
        back: path("M27 44 C24 24 40 17 50 17 C62 17 77 24 73 46 C78 56 72 64 74 74 L26 74 C28 64 22 56 27 44 Z", fill),
        front: path("M31 42 C34 28 46 22 56 24 C50 27 46 32 44 36 C40 34 35 37 31 42 Z", fill),
      };
  }
}

/**
 * An illustrated portrait of a trainer as SVG: backdrop, shoulders in a team colour, face, hair and a smile, all
 * chosen from the trainer's slug. No letters or names: the app shows the name beside the avatar.
 */
export function trainerPortrait(slug: string, width: number, height: number): string {
  const f = featuresOf(slug);
  const hair = hairOf(f.hairstyle, f.hair);
  const scale = Math.min(width, height) / 100;
  const body = [
    rect(0, 0, 100, 100, 0, `fill="${f.backdrop}"`),
    circle(50, 104, 40, `fill="${f.backdrop}" fill-opacity="0.5"`),
    hair.back,
    path("M14 100 C16 80 30 70 50 70 C70 70 84 80 86 100 Z", `fill="${f.shirt}"`),
    rect(43, 56, 14, 17, 6, `fill="${f.skin}"`),
    path("M42 70 C46 76 54 76 58 70", `fill="none" stroke="${f.skin}" stroke-width="3"`),
    `<ellipse cx="50" cy="44" rx="18" ry="21" fill="${f.skin}"/>`,
    circle(32.5, 46, 3.5, `fill="${f.skin}"`),
    circle(67.5, 46, 3.5, `fill="${f.skin}"`),
    f.earrings ? circle(32.5, 51, 1.6, `fill="#f5d491"`) + circle(67.5, 51, 1.6, `fill="#f5d491"`) : "",
    hair.front,
    circle(43, 45, 1.8, `fill="#1f1a17"`),
    circle(57, 45, 1.8, `fill="#1f1a17"`),
    path(
      "M39.5 39.5 Q43 37.5 46.5 39.5 M53.5 39.5 Q57 37.5 60.5 39.5",
      `fill="none" stroke="${f.hair}" stroke-width="1.4" stroke-linecap="round"`,
    ),
    f.glasses
      ? circle(43, 45, 5, `fill="none" stroke="#16161d" stroke-width="1.2"`) +
        circle(57, 45, 5, `fill="none" stroke="#16161d" stroke-width="1.2"`) +
        path("M48 45 L52 45", `stroke="#16161d" stroke-width="1.2"`)
      : "",
    path("M44 54 Q50 59 56 54", `fill="none" stroke="#7a2e2e" stroke-width="1.6" stroke-linecap="round"`),
    circle(39, 51, 3, `fill="#e2574c" fill-opacity="0.18"`),
    circle(61, 51, 3, `fill="#e2574c" fill-opacity="0.18"`),
  ].join("");
  // Centre the square drawing in any box (a wide request shows more backdrop, never a squashed or cropped face).
  const dx = r1((width - 100 * scale) / 2);
  const dy = r1((height - 100 * scale) / 2);
  return svgRoot(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${f.backdrop}"/><g transform="translate(${dx} ${dy}) scale(${r1(scale * 1000) / 1000})">${body}</g>`,
  );
}
