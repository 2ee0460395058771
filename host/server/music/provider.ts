/** One loop or song a station plays. */
interface Track {
  id: string;
  title: string;
  artist: string;
  /** Seconds. */
  duration: number;
  /** Where the player streams it: a signed, expiring URL. */
  stream_url: string;
}

interface Station {
  id: string;
  name: string;
  tracks: Track[];
}

export interface StationList {
  items: Station[];
  total: number;
  /** When the stream URLs stop working; the player asks for the list again after that. */
  expires_at: string;
}

/**
 * Where background music comes from. The local provider streams the shipped loops; a licensed station service
 * (one that reports plays per member, as such services require) implements the same call with its own session.
 *
 * @example const { items } = await provider.stations({ memberId, origin: "https://app.example", now: new Date() })
 */
export interface MusicProvider {
  readonly name: string;
  stations(request: { memberId: string; origin: string; now: Date }): Promise<StationList>;
}
