import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StartupError } from "../../host/server/errors.js";
import { S3Storage } from "../../host/server/media/storage/index.js";
import { loadStorageSettings } from "../../host/server/media/storage/settings.js";
import { startS3Double, type S3Double } from "./s3-double.js";

/**
 * Media storage in an S3-compatible bucket (FITKIT_S3_BUCKET), against a local stand-in of the S3 API that checks
 * every request's signature: the same named objects as the data folder, byte ranges read as ranges from the bucket,
 * local copies for ffmpeg that go away, and a start refused when the bucket cannot be used.
 */
let s3: S3Double;
let storage: S3Storage;

const settingsFor = (bucket: string, secret?: string) => {
  const settings = loadStorageSettings(
    {
      FITKIT_S3_BUCKET: bucket,
      FITKIT_S3_ENDPOINT: s3.url,
      AWS_ACCESS_KEY_ID: s3.accessKeyId,
      AWS_SECRET_ACCESS_KEY: secret ?? s3.secretAccessKey,
    },
    false,
  );
  if (settings.kind !== "s3") throw new Error("expected S3 settings");
  return settings;
};

beforeAll(async () => {
  s3 = await startS3Double();
  s3.createBucket("fitkit-media");
  storage = new S3Storage(settingsFor("fitkit-media"));
});
afterAll(() => s3.close());

const read = async (stream: Readable | undefined) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe("S3Storage", () => {
  it("checks the bucket at start and names what is wrong", async () => {
    await expect(storage.ready()).resolves.toBeUndefined();
    const missing = new S3Storage(settingsFor("no-such-bucket"));
    await expect(missing.ready()).rejects.toThrow(StartupError);
    await expect(missing.ready()).rejects.toThrow(
      /s3:\/\/no-such-bucket at http:\/\/127\.0\.0\.1:\d+ .*does not exist/,
    );
    const wrongKey = new S3Storage(settingsFor("fitkit-media", "not-the-secret"));
    await expect(wrongKey.ready()).rejects.toThrow(/keys were refused/);
  });

  it("puts, gets, streams byte ranges, reads sizes and deletes named objects in the bucket", async () => {
    await storage.put("videos/a1/360/index.m3u8", Buffer.from("#EXTM3U\n"));
    await storage.put("videos/a1/360/seg000.ts", Readable.from([Buffer.from("0123"), Buffer.from("456789")]));
    expect(s3.keys("fitkit-media")).toEqual(["videos/a1/360/index.m3u8", "videos/a1/360/seg000.ts"]);
    expect((await storage.get("videos/a1/360/index.m3u8"))?.toString()).toBe("#EXTM3U\n");
    expect(await storage.stat("videos/a1/360/seg000.ts")).toMatchObject({ size: 10 });
    expect(await read(await storage.stream("videos/a1/360/seg000.ts", { start: 2, end: 4 }))).toBe("234");
    // The range was asked of the bucket, not cut from a whole download.
    expect(s3.requests.at(-1)).toMatchObject({ method: "GET", key: "videos/a1/360/seg000.ts", range: "bytes=2-4" });
    expect(await read(await storage.stream("videos/a1/360/seg000.ts"))).toBe("0123456789");
    await storage.delete("videos/a1/360/index.m3u8");
    expect(await storage.get("videos/a1/360/index.m3u8")).toBeUndefined();
    expect(await storage.stat("videos/a1/360/index.m3u8")).toBeUndefined();
    await storage.put("videos/a2/poster.jpg", Buffer.from("jpeg"));
    await storage.deleteAll("videos/a1");
    expect(await storage.stream("videos/a1/360/seg000.ts")).toBeUndefined();
    expect(s3.keys("fitkit-media")).toEqual(["videos/a2/poster.jpg"]);
  });

  it("removes every object under a prefix, past one page of the listing", async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `videos/many/seg${String(i).padStart(5, "0")}.ts`);
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from(key))));
    expect(s3.keys("fitkit-media").filter((k) => k.startsWith("videos/many/"))).toHaveLength(1005);
    await storage.deleteAll("videos/many");
    expect(s3.keys("fitkit-media")).toEqual(["videos/a2/poster.jpg"]);
  });

  it("hands ffmpeg a downloaded copy and removes it when let go", async () => {
    const copy = await storage.localCopy("videos/a2/poster.jpg");
    expect(readFileSync(copy!.path, "utf8")).toBe("jpeg");
    await copy!.release();
    expect(() => readFileSync(copy!.path)).toThrow(/ENOENT/);
    expect(await storage.localCopy("videos/none/poster.jpg")).toBeUndefined();
  });

  it("refuses keys that would leave its namespace", async () => {
    for (const key of ["../etc/passwd", "/etc/passwd", "videos/../../x", "videos//x", ""])
      await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
  });
});
