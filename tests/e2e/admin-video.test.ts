import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, keepTokens, signInTokens, STEP_TIMEOUT, withSession } from "./browser.js";
import { apiAs, dismissConsent, visible } from "./app-helpers.js";
import { checkWidths, sees } from "./app-part2-helpers.js";

/** A transcode of a 10-second clip on a loaded machine, with room. */
const TRANSCODE_WAIT_MS = 120_000;

let dir: string;
let clip: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fitkit-e2e-video-"));
  clip = join(dir, "sunrise-class.mp4");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=10:size=640x360:rate=25"],
    ...["-f", "lavfi", "-i", "sine=duration=10", "-shortest", "-c:v", "libx264", "-preset", "ultrafast"],
    ...["-pix_fmt", "yuv420p", "-c:a", "aac", clip],
  ]);
});
afterAll(async () => {
  await closeBrowser();
  rmSync(dir, { recursive: true, force: true });
});

describe("video in the console", () => {
  it(
    "an editor uploads a 10-second clip on the workout's page, follows it to ready, and a member plays it",
    () =>
      withSession(async (editorSession) => {
        await keepTokens(editorSession, await signInTokens("editor@demo.fitkit.dev"), ["Essential"]);
        const page = await editorSession.open("/admin");
        await visible(page.getByRole("heading", { name: "Workouts", level: 1 }));
        // A published workout of its own, so no other journey's workout changes its video.
        const slug = `video-journey-${Math.random().toString(36).slice(2, 7)}`;
        const vocabulary = await apiAs<{ trainers: { id: string }[] }>(page, "/admin/v1/vocabulary");
        const workout = await apiAs<{ id: string }>(page, "/admin/v1/workouts", {
          method: "POST",
          body: {
            ...{ name: "Video Journey Flow", slug, description: "A class filmed for the console.", type: "workout" },
            ...{ level: "Beginner", pacing: "", video_minutes: 1, equipment: [], focus: [], benefits: [], strain: [] },
            ...{ poster_url: "", breakdown: [], trainer_ids: [vocabulary.trainers[0]!.id] },
            ...{ category_ids: [], collection_ids: [] },
          },
        });
        await apiAs(page, `/admin/v1/workouts/${workout.id}/publish`, { method: "POST", body: {} });

        await page.goto(`${new URL(page.url()).origin}/admin/workouts/${workout.id}`);
        const section = page.getByRole("region", { name: "Video" });
        await visible(section.getByText("No video uploaded yet", { exact: false }));
        await section.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(clip);
        // Every progress bar the section shows, however briefly (a 300 KB clip uploads in a moment).
        await page.evaluate(() => {
          const seen = new Set<string>();
          (window as unknown as { progressSeen: Set<string> }).progressSeen = seen;
          new MutationObserver(() => {
            for (const bar of document.querySelectorAll("[role=progressbar]"))
              seen.add(`${bar.getAttribute("aria-label")} ${bar.getAttribute("aria-valuenow")}`);
          }).observe(document.body, { subtree: true, childList: true, attributes: true });
        });
        await section.getByRole("button", { name: "Upload video" }).click();
        await sees(page, "Uploaded. The video is being prepared for members.");
        await expect
          .poll(() => section.getByText(/^Ready: members play this video \(10 s; 360p\)/).count(), {
            timeout: TRANSCODE_WAIT_MS,
            interval: 1000,
          })
          .toBe(1);
        const progress = await page.evaluate(() => [
          ...(window as unknown as { progressSeen: Set<string> }).progressSeen,
        ]);
        expect(progress.some((p) => p.startsWith("Uploading "))).toBe(true);
        expect(progress.some((p) => /^Transcoding \d+$/.test(p))).toBe(true);
        expect(await editorSession.axe(page)).toEqual([]);
        await checkWidths(editorSession, page, "admin-workout-video");
        editorSession.assertClean();

        await withSession(async (memberSession) => {
          await keepTokens(memberSession, await signInTokens("member@demo.fitkit.dev"), ["Essential"]);
          const player = await memberSession.open(`/classes/video/${slug}`);
          await dismissConsent(player);
          const renditions: string[] = [];
          player.on("request", (r) => {
            if (/\/media\/w\/[^/]+\/[^/]+\/360\//.test(r.url())) renditions.push(r.url());
          });
          await expect
            .poll(
              () =>
                player.evaluate(() => {
                  const v = document.querySelector<HTMLVideoElement>("[data-testid=video]");
                  return v ? Math.round(v.duration) : 0;
                }),
              { timeout: STEP_TIMEOUT },
            )
            .toBe(10);
          // The uploaded ladder, not the demo clip: its rendition playlist and segments were fetched.
          await expect
            .poll(() => renditions.some((u) => u.endsWith("/360/index.m3u8")), { timeout: STEP_TIMEOUT })
            .toBe(true);
          memberSession.assertClean();
        });
      }),
    TRANSCODE_WAIT_MS + 120_000,
  );
});
