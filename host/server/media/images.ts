import type { Sharp, SharpOptions } from "sharp";
import { byteCache } from "../byte-cache.js";
import { etagOf } from "./range.js";

/** The `fit_mode` values of the image call (Mux's thumbnail names). */
export const FIT_MODES = ["preserve", "stretch", "crop", "smartcrop", "pad"] as const;
type FitMode = (typeof FIT_MODES)[number];

/** The encodings artwork is answered in. */
export const IMAGE_FORMATS = { jpg: "jpeg", png: "png", webp: "webp" } as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[keyof typeof IMAGE_FORMATS];

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

/** Draws an SVG of exactly `width` × `height` pixels. */
export type Drawing = (width: number, height: number) => string;

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;

/**
 * The pixel box an image call answers, from the drawing's natural size and the request, with the semantics of the
 * image call (Mux's): one side alone keeps the natural aspect ratio; `preserve` fits inside the box; `pad` fits
 * inside and letterboxes to the box; `stretch`, `crop` and `smartcrop` fill the box.
 * `draw` is the size to compose at: generated art is composed for the box instead of being scaled or cropped.
 */
export function imageBox(
  natural: { width: number; height: number },
  request: Pick<ImageRequest, "width" | "height" | "fit_mode">,
) {
  const ratio = natural.width / natural.height;
  const { width, height } = request;
  const fit = request.fit_mode ?? "preserve";
  const at = (w: number, h: number) => ({ width: Math.max(1, Math.round(w)), height: Math.max(1, Math.round(h)) });
  if (!width && !height) return { draw: at(natural.width, natural.height), out: at(natural.width, natural.height) };
  if (!width || !height) {
    const box = width ? at(width, width / ratio) : at(height! * ratio, height!);
    return { draw: box, out: box };
  }
  const inside = width / height > ratio ? at(height * ratio, height) : at(width, width / ratio);
  if (fit === "preserve") return { draw: inside, out: inside };
  if (fit === "pad") return { draw: inside, out: at(width, height) };
  return { draw: at(width, height), out: at(width, height) };
}

/**
 * Renders generated artwork (SVG, no text) to JPEG, PNG or WebP at the requested size, keeping the results in a
 * bounded in-memory cache: cards and panes ask for the same few sizes over and over, and a drawing takes a few
 * milliseconds to rasterise. sharp (librsvg inside libvips) is loaded on first use, so a server that never draws
 * never loads it.
 */
export class ArtRenderer {
  private readonly cache = byteCache<Image>(32 * 1024 * 1024, (image) => image.body.length);
  private readonly pending = new Map<string, Promise<Image>>();
  private sharp?: Promise<SharpFactory>;

  /** `key` names the drawing; the same key, request and format always give the same bytes. */
  render(
    key: string,
    draw: Drawing,
    natural: { width: number; height: number },
    request: ImageRequest,
    format: ImageFormat = "jpeg",
  ): Promise<Image> {
    const box = imageBox(natural, request);
    const id = `${key}|${box.draw.width}x${box.draw.height}|${box.out.width}x${box.out.height}|${format}`;
    const cached = this.cache.get(id);
    if (cached) return Promise.resolve(cached);
    let running = this.pending.get(id);
    if (!running) {
      running = this.rasterise(draw(box.draw.width, box.draw.height), box.out, format)
        .then((image) => {
          this.cache.set(id, image);
          return image;
        })
        .finally(() => this.pending.delete(id));
      this.pending.set(id, running);
    }
    return running;
  }

  /**
   * A photo (a video's poster frame, JPEG) at the requested size and fit, cached like the drawings under `key`, which
   * names the photo's bytes (they never change under it).
   */
  async photo(key: string, body: Buffer, request: ImageRequest): Promise<Image> {
    const sharp = await this.load();
    const meta = await sharp(body).metadata();
    const natural = { width: meta.width, height: meta.height };
    const box = imageBox(natural, request);
    const id = `${key}|${box.out.width}x${box.out.height}|${request.fit_mode ?? "preserve"}`;
    const cached = this.cache.get(id);
    if (cached) return cached;
    const fit = request.fit_mode ?? "preserve";
    const resized = await sharp(body)
      .resize({
        ...box.out,
        fit: fit === "pad" ? "contain" : fit === "crop" || fit === "smartcrop" ? "cover" : "fill",
        ...(fit === "smartcrop" ? { position: "attention" } : {}),
        background: { r: 0, g: 0, b: 0 },
      })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    const image = { body: resized, type: "image/jpeg", etag: etagOf(resized) };
    this.cache.set(id, image);
    return image;
  }

  private async rasterise(svg: string, out: { width: number; height: number }, format: ImageFormat): Promise<Image> {
    // The SVG is drawn at its own size; `contain` only letterboxes (pad) when the box is larger than the drawing.
    const image = (await this.load())(Buffer.from(svg)).resize({
      ...out,
      fit: "contain",
      background: { r: 0, g: 0, b: 0 },
    });
    const encoded =
      format === "png"
        ? image.png({ compressionLevel: 9 })
        : format === "webp"
          ? image.webp({ quality: 82 })
          : image.jpeg({ quality: 82, mozjpeg: true });
    const body = await encoded.toBuffer();
    return { body, type: `image/${format}`, etag: etagOf(body) };
  }

  private load(): Promise<SharpFactory> {
    this.sharp ??= import("sharp").then((module) => {
      const sharp = module.default;
      sharp.cache(false); // this class keeps the results worth keeping
      return sharp;
    });
    return this.sharp;
  }

  get cached() {
    return this.cache.size;
  }
}
