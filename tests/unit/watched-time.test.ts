import { describe, expect, it } from "vitest";
import { watchedSeconds, type PlayerSample } from "../../host/server/services/watched-time.js";

/** Samples of one play: [video position, wall seconds since the play began]. */
const play = (session_id: string, steps: [number, number][]): PlayerSample[] =>
  steps.map(([position, second]) => ({ session_id, position, at: new Date(Date.UTC(2026, 0, 1) + second * 1000) }));

describe("time watched (issue 32: completion by time watched)", () => {
  it("counts video time that wall time could play, whole-second readings included", () => {
    expect(
      watchedSeconds(
        play("a", [
          [0, 0],
          [1, 1],
          [3, 2],
          [13, 12],
          [20, 19],
        ]),
        480,
      ),
    ).toBe(20);
  });

  it("counts nothing for a seek: forward faster than twice the wall time, or backwards", () => {
    expect(
      watchedSeconds(
        play("a", [
          [0, 0],
          [5, 5],
          [478, 6],
          [480, 8],
        ]),
        480,
      ),
    ).toBe(7);
    expect(
      watchedSeconds(
        play("a", [
          [100, 0],
          [40, 1],
          [50, 11],
        ]),
        480,
      ),
    ).toBe(10);
  });

  it("counts nothing while paused (wall time passes, the video does not)", () => {
    expect(
      watchedSeconds(
        play("a", [
          [0, 0],
          [60, 60],
          [60, 600],
          [70, 610],
        ]),
        480,
      ),
    ).toBe(70);
  });

  it("merges rewatched parts and adds plays together, within the video's length", () => {
    const first = play("a", [
      [0, 0],
      [300, 300],
      [200, 301],
      [400, 501],
    ]);
    const second = play("b", [
      [380, 0],
      [500, 120],
    ]);
    expect(watchedSeconds([...second, ...first], 480)).toBe(480);
    expect(watchedSeconds(first, 480)).toBe(400);
  });

  it("takes each play's samples in time order, whatever order they arrive in", () => {
    expect(
      watchedSeconds(
        play("a", [
          [20, 20],
          [0, 0],
          [10, 10],
        ]),
        480,
      ),
    ).toBe(20);
  });
});
