import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { forbidden } from "../errors.js";
import type { MusicProvider, StationList } from "../music/index.js";
import type { EntitlementResolver } from "./entitlements.js";

const MUSIC_NOT_ENTITLED = "An active membership is required to play music.";

/** Background music belongs to the player, so it is for entitled members like the video it plays under. */
export class MusicService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; entitlements: EntitlementResolver; provider: MusicProvider },
  ) {}

  async stations(memberId: string, origin: string): Promise<StationList> {
    const { entitlements } = await this.deps.entitlements(this.deps.db, memberId);
    if (!entitlements.length) throw forbidden(MUSIC_NOT_ENTITLED);
    return this.deps.provider.stations({ memberId, origin, now: this.deps.clock.now() });
  }
}
