import { describe, expect, it } from "vitest";
import { webVtt } from "../../host/server/media/captions.js";
import { hlsPlaylist } from "../../host/server/media/playlist.js";
import { parseRange } from "../../host/server/media/range.js";
import { createUrlSigner } from "../../host/server/media/signing.js";

// A 12-second clip of 1-second pieces, 1000 bytes each.
const pieces = Array.from({ length: 12 }, (_, i) => ({ duration: 1, offset: i * 1000, length: 1000 }));

const segmentsOf = (playlist: string) =>
  [...playlist.matchAll(/#EXTINF:([\d.]+),\n#EXT-X-BYTERANGE:(\d+)@(\d+)\n/g)].map(([, d, length, offset]) => [
    Number(d),
    Number(length),
    Number(offset),
  ]);

describe("hlsPlaylist", () => {
  it.each([1, 3, 4, 5, 11, 12, 13, 24, 25, 306, 3625])("lasts exactly %i seconds", (seconds) => {
    const playlist = hlsPlaylist(pieces, seconds, "clip.ts");
    const segments = segmentsOf(playlist);
    expect(segments.reduce((sum, [d]) => sum + d, 0)).toBe(seconds);
    expect(playlist.match(/#EXT-X-DISCONTINUITY/g)?.length ?? 0).toBe(Math.ceil(seconds / 12) - 1);
    for (const [d, length] of segments) expect(length).toBe(d * 1000);
    expect(playlist.endsWith("#EXT-X-ENDLIST\n")).toBe(true);
  });

  it("groups pieces into 4-second byte ranges and finishes a partial loop with what fits", () => {
    expect(segmentsOf(hlsPlaylist(pieces, 19, "clip.ts"))).toEqual([
      [4, 4000, 0],
      [4, 4000, 4000],
      [4, 4000, 8000],
      [4, 4000, 0],
      [3, 3000, 4000],
    ]);
  });
});

describe("parseRange", () => {
  it.each([
    ["bytes=0-0", { start: 0, end: 0 }],
    ["bytes=10-", { start: 10, end: 99 }],
    ["bytes=-10", { start: 90, end: 99 }],
    ["bytes=-1000", { start: 0, end: 99 }],
    ["bytes=90-1000", { start: 90, end: 99 }],
    ["BYTES = 1 - 2", { start: 1, end: 2 }],
  ])("reads %s", (header, range) => expect(parseRange(header, 100)).toEqual(range));

  it.each(["bytes=100-", "bytes=5-4", "bytes=-0", "bytes=-", "bytes=x-1", "bytes=1-2-3"])("refuses %s", (header) =>
    expect(parseRange(header, 100)).toBe("unsatisfiable"),
  );

  it("answers whole for no header, other units and several ranges", () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange("lines=1-2", 100)).toBeUndefined();
    expect(parseRange("bytes=0-1,4-5", 100)).toBeUndefined();
  });
});

describe("createUrlSigner", () => {
  const signer = createUrlSigner(Buffer.alloc(32, 7));
  const now = new Date("2026-11-22T10:00:00Z");
  const later = new Date("2026-11-22T16:00:00Z");

  it("accepts its own token for its scope until it expires", () => {
    const token = signer.sign("w/a", later);
    expect(signer.check("w/a", token, now)).toBe("valid");
    expect(signer.check("w/a", token, later)).toBe("expired");
    expect(signer.check("w/b", token, now)).toBe("invalid");
  });

  it("refuses a token from another secret, a moved expiry and malformed text", () => {
    const token = signer.sign("w/a", later);
    expect(createUrlSigner(Buffer.alloc(32, 8)).check("w/a", token, now)).toBe("invalid");
    expect(
      signer.check(
        "w/a",
        token.replace(/^\d+/, (exp) => String(Number(exp) + 60)),
        now,
      ),
    ).toBe("invalid");
    for (const bad of ["", "x", "1.2", `${token}x`, token.replace(".", "-")])
      expect(signer.check("w/a", bad, now)).toBe("invalid");
  });
});

describe("webVtt", () => {
  it("escapes the workout name and ends with the workout", () => {
    const vtt = webVtt("Abs & <Core>", "power", 61);
    expect(vtt).toContain("Welcome to Abs &amp; &lt;Core&gt;.");
    expect(vtt.trim().split("\n").at(-2)).toBe("00:00:56.000 --> 00:01:01.000");
  });

  it("keeps very short workouts to the welcome", () => {
    expect(webVtt("Short", "flow", 3)).toBe(
      "WEBVTT\n\n1\n00:00:00.000 --> 00:00:03.000\nWelcome to Short. Let's get started.\n",
    );
  });
});
