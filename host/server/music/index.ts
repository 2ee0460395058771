/** The music layer's public surface. */
export { LocalMusicProvider, stationScope } from "./local-provider.js";
export type { MusicProvider, Station, StationList, Track } from "./provider.js";
