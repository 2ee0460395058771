import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { rungsFor } from "../../host/server/media/ffmpeg.js";
import { DataFolderStorage } from "../../host/server/media/storage/index.js";
import { sniffVideo } from "../../host/server/media/video-type.js";
import { checkWebVtt, decodeUtf8 } from "../../host/server/media/webvtt.js";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

describe("sniffVideo", () => {
  it("tells MP4, MOV, WebM and Matroska by their first bytes", () => {
    expect(sniffVideo(bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]))).toBe("mp4");
    expect(sniffVideo(bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0]))).toBe("mov");
    expect(sniffVideo(bytes([0, 0, 0, 8], "wide", [0, 0, 0, 0]))).toBe("mov");
    expect(sniffVideo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81]))).toBe("webm");
  });

  it("refuses anything else, whatever a file is called", () => {
    expect(sniffVideo(bytes("%PDF-1.7\n%âãÏÓ"))).toBeUndefined();
    expect(sniffVideo(bytes([0x89], "PNG\r\n", [0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBeUndefined();
    expect(sniffVideo(bytes("Hello, world"))).toBeUndefined();
    expect(sniffVideo(bytes([0, 0, 0, 0x20], "ftyp"))).toBeUndefined(); // too short to name a brand
  });
});

describe("checkWebVtt", () => {
  it("accepts well-formed captions, with or without hours, settings and cue ids", () => {
    const vtt =
      "WEBVTT - class\n\nNOTE made by hand\n\nintro\n00:01.000 --> 00:04.000 align:start\nHi\n\n01:00:00.000 --> 01:00:02.500\nBye\n";
    expect(checkWebVtt(vtt)).toEqual({ text: vtt });
  });

  it("names the line of each problem", () => {
    expect(checkWebVtt("WEBVTT\n\n00:00:09.000 --> 00:00:12.000\nA\n", 10)).toEqual({
      problems: ["Line 3: the cue ends after the video (10.0 s)."],
    });
    expect(checkWebVtt("WEBVTT\n\n00:00:61.000 --> 00:01:02.000\nA\n")).toMatchObject({
      problems: [expect.stringMatching(/^Line 3: .* is not a cue timing/)],
    });
    expect(checkWebVtt("WEBVTT\n\n")).toEqual({ problems: ["The file has no cues."] });
  });

  it("reads only UTF-8", () => {
    expect(decodeUtf8(Buffer.from("WEBVTT\n\n00:01.000 --> 00:02.000\nÇa va\n"))).toContain("Ça va");
    expect(decodeUtf8(Buffer.from([0x57, 0xe9, 0x0a]))).toBeUndefined(); // Latin-1 é
  });
});

describe("rungsFor", () => {
  it("never transcodes above the source, and always gives a small source one rung", () => {
    expect(rungsFor(1080).map((r) => r.height)).toEqual([360, 540, 720, 1080]);
    expect(rungsFor(2160).map((r) => r.height)).toEqual([360, 540, 720, 1080]);
    expect(rungsFor(720).map((r) => r.height)).toEqual([360, 540, 720]);
    expect(rungsFor(240).map((r) => r.height)).toEqual([360]);
  });
});

describe("DataFolderStorage", () => {
  const root = mkdtempSync(join(tmpdir(), "fitkit-storage-"));
  const storage = new DataFolderStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("puts, gets, streams ranges, lists sizes and deletes named objects", async () => {
    await storage.put("videos/a1/360/index.m3u8", Buffer.from("#EXTM3U\n"));
    await storage.put("videos/a1/360/seg000.ts", Readable.from([Buffer.from("0123456789")]));
    expect((await storage.get("videos/a1/360/index.m3u8"))?.toString()).toBe("#EXTM3U\n");
    expect(await storage.stat("videos/a1/360/seg000.ts")).toMatchObject({ size: 10 });
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.stream("videos/a1/360/seg000.ts", { start: 2, end: 4 }))!)
      chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("234");
    await storage.delete("videos/a1/360/index.m3u8");
    expect(await storage.get("videos/a1/360/index.m3u8")).toBeUndefined();
    await storage.deleteAll("videos/a1");
    expect(await storage.stat("videos/a1/360/seg000.ts")).toBeUndefined();
    expect(await storage.stream("videos/a1/360/seg000.ts")).toBeUndefined();
  });

  it("refuses keys that would leave its folder", async () => {
    for (const key of ["../etc/passwd", "/etc/passwd", "videos/../../x", "videos//x", ""])
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
  });
});
