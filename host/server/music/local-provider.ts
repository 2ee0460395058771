import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { etagOf, type Payload } from "../media/range.js";
import { expiryAfter } from "../media/provider.js";
import type { UrlSigner } from "../media/signing.js";
import { fromRoot } from "../paths.js";
import type { MusicProvider, StationList } from "./provider.js";

interface ShippedStation {
  id: string;
  name: string;
  tracks: { id: string; title: string; artist: string; duration: number; file: string }[];
}

const MUSIC_DIR = fromRoot("host", "server", "music", "assets");

/** How long stream URLs last: a long workout plus a margin. */
const STREAM_LIFETIME_MS = 6 * 3600_000;

export const stationScope = (stationId: string) => `m/${stationId}`;

/**
 * The shipped, synthesized loops (assets/generate.mjs wrote them and stations.json), five stations of three,
 * streamed from `/media/m/{station}/{token}/{track}.mp3` with byte ranges; a token opens one station for hours.
 */
export class LocalMusicProvider implements MusicProvider {
  readonly name = "local";
  private readonly catalogue: ShippedStation[];
  private readonly files = new Map<string, Promise<{ body: Buffer; etag: string }>>();

  constructor(
    private readonly signer: UrlSigner,
    private readonly dir = MUSIC_DIR,
  ) {
    this.catalogue = JSON.parse(readFileSync(join(dir, "stations.json"), "utf8")) as ShippedStation[];
  }

  async stations({ origin, now }: { origin: string; now: Date }): Promise<StationList> {
    const expires = expiryAfter(now, STREAM_LIFETIME_MS);
    const items = this.catalogue.map((station) => {
      const base = `${origin}/media/m/${station.id}/${this.signer.sign(stationScope(station.id), expires)}`;
      return {
        id: station.id,
        name: station.name,
        tracks: station.tracks.map(({ id, title, artist, duration }) => ({
          id,
          title,
          artist,
          duration,
          stream_url: `${base}/${id}.mp3`,
        })),
      };
    });
    return { items, total: items.length, expires_at: expires.toISOString() };
  }

  /** A track's audio by station and track id (the caller has checked the token), or undefined if unknown. */
  async trackFile(stationId: string, trackId: string): Promise<Payload | undefined> {
    const track = this.catalogue.find((s) => s.id === stationId)?.tracks.find((t) => t.id === trackId);
    if (!track) return undefined;
    let file = this.files.get(track.file);
    if (!file) {
      file = readFile(join(this.dir, track.file)).then((body) => ({ body, etag: etagOf(body) }));
      file.catch(() => this.files.delete(track.file));
      this.files.set(track.file, file);
    }
    return { ...(await file), type: "audio/mpeg", cache: "private, max-age=3600" };
  }
}
