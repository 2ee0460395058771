import type { Sharp } from "sharp";
import { LruCache } from "./lru.js";
import { etagOf } from "./range.js";

/** The `fit_mode` values of the image call (Mux's thumbnail names). */
export const FIT_MODES = ["preserve", "stretch", "crop", "smartcrop", "pad"] as const;
export type FitMode = (typeof FIT_MODES)[number];

export interface ImageRequest {
  width?: number;
  height?: number;
  fit_mode?: FitMode;
  /** Seconds into the video. */
  time?: number;
}

export interface Image {
  body: Buffer;
  type: string;
  etag: string;
}

type SharpFactory = (input: Buffer) => Sharp;

/**
 * Resizes poster stills to the requested box, keeping the results in a bounded in-memory cache (the same few sizes
 * are asked for over and over by cards and panes). sharp is loaded on first use so a server that never resizes
 * never loads libvips.
 */
export class PosterResizer {
  private readonly cache = new LruCache<Image>(32 * 1024 * 1024, (image) => image.body.length);
  private readonly pending = new Map<string, Promise<Image>>();
  private sharp?: Promise<SharpFactory>;

  /** `key` names the source still; the same key and request always give the same bytes. */
  resize(key: string, source: () => Promise<Buffer>, request: ImageRequest): Promise<Image> {
    const { width, height } = request;
    const fit = request.fit_mode ?? "preserve";
    const id = `${key}|${width ?? ""}x${height ?? ""}|${fit}`;
    const cached = this.cache.get(id);
    if (cached) return Promise.resolve(cached);
    let running = this.pending.get(id);
    if (!running) {
      running = this.render(source, width, height, fit)
        .then((image) => {
          this.cache.set(id, image);
          return image;
        })
        .finally(() => this.pending.delete(id));
      this.pending.set(id, running);
    }
    return running;
  }

  private async render(source: () => Promise<Buffer>, width: number | undefined, height: number | undefined, fit: FitMode): Promise<Image> {
    const input = await source();
    let image = (await this.load())(input);
    if (width || height) {
      // preserve: fit inside the box keeping the aspect ratio; stretch: exactly the box; crop: cover the box from the
      // centre; smartcrop: cover it around the most interesting region; pad: letterbox inside the box in black.
      const options = {
        preserve: { fit: "inside" },
        stretch: { fit: "fill" },
        crop: { fit: "cover", position: "centre" },
        smartcrop: { fit: "cover", position: "attention" },
        pad: { fit: "contain", background: { r: 0, g: 0, b: 0 } },
      } as const;
      image = image.resize({ width, height, ...options[fit] });
    }
    const body = await image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    return { body, type: "image/jpeg", etag: etagOf(body) };
  }

  private load(): Promise<SharpFactory> {
    this.sharp ??= import("sharp").then((module) => {
      const sharp = module.default;
      sharp.cache(false); // this class keeps the results worth keeping
      return sharp as unknown as SharpFactory;
    });
    return this.sharp;
  }

  get cached() {
    return this.cache.size;
  }
}
