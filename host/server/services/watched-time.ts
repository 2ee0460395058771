/**
 * Time watched, from the player's events (issue 32: scrubbing to the end is not a completed workout). A step of video
 * time between two consecutive events of one play counts as watched when the wall time between them could have played
 * it; a step backwards, or one further than SEEK_SPEED times the wall time, is a seek and counts nothing. Watched
 * stretches of the video are merged, so rewatching a part does not count it twice.
 */

/** Video seconds a second of wall time can play: faster is a seek (Peloton counts time watched the same way). */
const SEEK_SPEED = 2;
/** Players report whole seconds: a step may read one second more than the wall time played. */
const ROUNDING_SECONDS = 1;

/** One player event that carried a position: the play (session) it belongs to, where the video was, and when. */
export interface PlayerSample {
  session_id: string;
  position: number;
  at: Date;
}

/**
 * Seconds of the video (0…duration) watched across the samples. Samples are grouped by play and taken in time order,
 * so plays of one workout (a play resumed the next day) add up.
 */
export function watchedSeconds(samples: readonly PlayerSample[], duration: number): number {
  const byPlay = new Map<string, PlayerSample[]>();
  for (const sample of samples) {
    const play = byPlay.get(sample.session_id);
    if (play) play.push(sample);
    else byPlay.set(sample.session_id, [sample]);
  }
  const stretches: [number, number][] = [];
  for (const play of byPlay.values()) {
    play.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (let i = 1; i < play.length; i++) {
      const from = Math.max(0, play[i - 1]!.position);
      const to = Math.min(duration, play[i]!.position);
      const wallSeconds = (play[i]!.at.getTime() - play[i - 1]!.at.getTime()) / 1000;
      if (to > from && to - from <= SEEK_SPEED * wallSeconds + ROUNDING_SECONDS) stretches.push([from, to]);
    }
  }
  stretches.sort((a, b) => a[0] - b[0]);
  let watched = 0;
  let reach = 0;
  for (const [from, to] of stretches) {
    if (to <= reach) continue;
    watched += to - Math.max(from, reach);
    reach = to;
  }
  return watched;
}
