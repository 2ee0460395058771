import type { Clock } from "../clock.js";
import type { Db } from "../db/index.js";
import { forbidden, notFound } from "../errors.js";
import type { ImageAnswer, ImageRequest, MediaProvider, MediaWorkout, Playback } from "../media/index.js";
import { ArtworkService } from "./artwork.js";
import { findWorkout } from "./catalogue-lookup.js";
import type { EntitlementResolver } from "./entitlements.js";

const NOT_ENTITLED = "An active membership is required to watch this class.";
const NO_VIDEO = "This workout has no video";

/** Who may watch what: playback for entitled members, previews and images for anyone; the provider does the rest. */
export class PlaybackService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; entitlements: EntitlementResolver; provider: MediaProvider },
  ) {}

  /** The workout a media call names, or a 404. */
  async workout(id: string): Promise<MediaWorkout> {
    const workout = await findWorkout(this.deps.db, id);
    if (!workout) throw notFound(`Workout ${id} not found`);
    return workout;
  }

  async video(workoutId: string, memberId: string, origin: string): Promise<Playback> {
    const workout = await this.workout(workoutId);
    const { entitlements } = await this.deps.entitlements(this.deps.db, memberId);
    if (!entitlements.length) throw forbidden(NOT_ENTITLED);
    return (await this.deps.provider.playback(workout, origin, this.deps.clock.now())) ?? this.noVideo();
  }

  async preview(workoutId: string, origin: string): Promise<{ uri: string }> {
    const workout = await this.workout(workoutId);
    return (await this.deps.provider.preview(workout, origin, this.deps.clock.now())) ?? this.noVideo();
  }

  async image(workoutId: string, request: ImageRequest): Promise<ImageAnswer> {
    const workout = await this.workout(workoutId);
    const category = await new ArtworkService(this.deps.db).classTypeOf(workout.id);
    return (await this.deps.provider.image({ ...workout, category }, request, this.deps.clock.now())) ?? this.noVideo();
  }

  private noVideo(): never {
    throw notFound(NO_VIDEO);
  }
}
