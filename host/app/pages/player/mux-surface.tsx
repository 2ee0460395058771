import "@mux/mux-player";
import { createElement } from "react";

/**
 * The Mux provider's surface: <mux-player> with its own controls hidden (fitkit draws them), Mux data tracking and
 * cookies off. Its own chunk, so @mux/mux-player (~300 KB) loads only when a Mux-hosted workout plays.
 */
export default function MuxSurface({
  attach,
  src,
  title,
}: {
  attach: (el: HTMLVideoElement | null) => void;
  src: string;
  title: string;
}) {
  return createElement("mux-player", {
    ref: attach,
    src,
    "stream-type": "on-demand",
    "disable-tracking": "",
    "disable-cookies": "",
    nohotkeys: "",
    "default-hidden-captions": "",
    playsinline: "",
    title,
    "metadata-video-title": title,
    "data-testid": "video",
  });
}
