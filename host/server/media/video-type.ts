/** Bytes needed to tell a video container from its first bytes. */
export const SNIFF_BYTES = 12;

/** ISO base media (MP4) and QuickTime (MOV) box types that open a file: `ftyp`, or an old QuickTime's first atom. */
const FIRST_BOXES = new Set(["ftyp", "moov", "mdat", "wide", "free", "skip"]);

/**
 * The container a file's first bytes name (their magic numbers, never the file name): MP4 and MOV (an ISO base
 * media box at byte 4), WebM and Matroska (the EBML header 1A 45 DF A3), or undefined for anything else.
 */
export function sniffVideo(head: Uint8Array): "mp4" | "mov" | "webm" | undefined {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "webm";
  if (head.length < SNIFF_BYTES) return undefined;
  const box = String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!);
  if (!FIRST_BOXES.has(box)) return undefined;
  if (box !== "ftyp") return "mov";
  const brand = String.fromCharCode(head[8]!, head[9]!, head[10]!, head[11]!);
  return brand === "qt  " ? "mov" : "mp4";
}
