/** The music layer's public surface. */
export { LocalMusicProvider, stationScope } from "./local-provider.js";
export type { MusicProvider, StationList } from "./provider.js";
