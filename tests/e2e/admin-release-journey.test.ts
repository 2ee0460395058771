import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Double, type S3Double } from "../api/s3-double.js";
import { appUrl, closeBrowser, keepTokens, signInTokens, STEP_TIMEOUT, withSession, type Session } from "./browser.js";
import { dismissConsent, expectPath, follow, visible } from "./app-helpers.js";
import { checkWidths, sees } from "./app-part2-helpers.js";
import { freePort } from "./global-setup.js";

/**
 * Issue 29's "done when", in Chromium, on the embedded default (the suite's PGlite server, video in its data folder)
 * and as a company would run fitkit on two machines (two server processes on one PostgreSQL database and one
 * S3-compatible bucket, a local stand-in of the S3 API). An editor fills a new workout, uploads a 10-second clip and
 * schedules the release two minutes ahead; a member (on the other process) finds it in search only from that time
 * and plays the uploaded video. Every process sees the release, and it happened once (one release in the audit log,
 * by fitkit itself). Both run side by side in one wait. The two processes need TEST_DATABASE_URL (set by .ci/run).
 */
const root = new URL("../..", import.meta.url).pathname;
const databaseUrl = process.env.TEST_DATABASE_URL;
const CHICAGO = "America/Chicago";
const BUCKET = "fitkit-e2e";
/** The release's minute, the release job's 15 s round and an index rebuild in each process, with room. */
const RELEASE_WAIT_MS = 210_000;
/** A 10-second clip's upload, two at once (one through the S3 stand-in) beside the rest of the suite, with room. */
const UPLOAD_WAIT_MS = 120_000;

interface Process {
  url: string;
  child: ChildProcess;
}

interface Deployment {
  label: string;
  editorAt: string;
  memberAt: string;
  everyProcess: string[];
  /** Video in the S3 stand-in's bucket (else the data folder). */
  bucket: boolean;
}

let s3: S3Double;
let dir: string;
let clip: string;
let database: string;
let processes: Process[] = [];

/** "YYYY-MM-DDTHH:MM" of an instant in Chicago: what a datetime-local input holds. */
function chicagoLocal(instant: Date) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      ...{ timeZone: CHICAGO, year: "numeric", month: "2-digit", day: "2-digit" },
      ...{ hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
    })
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

async function adminStatement(statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A built server on its own port and data folder, on the shared database and bucket; ready when /health is. */
async function startProcess(name: string): Promise<Process> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const db = new URL(databaseUrl!);
  db.pathname = `/${database}`;
  const child = spawn(process.execPath, [join(root, "dist", "server", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, name),
      DATABASE_URL: db.toString(),
      FITKIT_PUBLIC_URL: url,
      FITKIT_S3_BUCKET: BUCKET,
      FITKIT_S3_ENDPOINT: s3.url,
      AWS_ACCESS_KEY_ID: s3.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
      LOG_LEVEL: "warn",
      NODE_ENV: "",
      FITKIT_TRUST_PROXY: "127.0.0.1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = { url, child };
  processes.push(started);
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null || waited > 180_000) throw new Error(`process ${name} did not become healthy`);
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return started;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fitkit-e2e-release-"));
  clip = join(dir, "sunrise-class.mp4");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=duration=10:size=640x360:rate=25"],
    ...["-f", "lavfi", "-i", "sine=duration=10", "-shortest", "-c:v", "libx264", "-preset", "ultrafast"],
    ...["-pix_fmt", "yuv420p", "-c:a", "aac", clip],
  ]);
  if (!databaseUrl) return;
  s3 = await startS3Double();
  s3.createBucket(BUCKET);
  database = `fitkit_e2e_${randomBytes(5).toString("hex")}`;
  await adminStatement(`create database ${database}`);
  // The first start migrates and seeds the new database; the second joins it.
  await startProcess("a");
  await startProcess("b");
});

afterAll(async () => {
  await closeBrowser();
  await Promise.all(
    processes.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  processes = [];
  rmSync(dir, { recursive: true, force: true });
  if (!databaseUrl) return;
  await adminStatement(`drop database if exists ${database} with (force)`);
  await s3.close();
});

async function signedIn(session: Session, email: string, origin: string) {
  await keepTokens(session, await signInTokens(email, "fitkit-demo", origin), ["Essential"], origin);
}

/** Whether a member's search on this process finds the workout. */
async function finds(origin: string, token: string, name: string, slug: string) {
  const response = await fetch(`${origin}/tsapi/workouts/search`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ keywords: name }),
  });
  const answer = (await response.json()) as { hits: { slug: string }[] };
  return answer.hits.some((h) => h.slug === slug);
}

/** Waits for playback, pressing the player's Play button if the browser refused to start it without a gesture. */
async function ensurePlaying(page: Page) {
  const play = page.getByRole("button", { name: "Play", exact: true });
  await expect
    .poll(
      async () => {
        const state = await page.evaluate(() => {
          const v = document.querySelector<HTMLVideoElement>("[data-testid=video]");
          return v ? { paused: v.paused, duration: v.duration } : null;
        });
        if (state && !state.paused) return "playing";
        if (state && state.duration > 0 && (await play.isVisible())) await play.click();
        return "waiting";
      },
      { timeout: STEP_TIMEOUT, interval: 500 },
    )
    .toBe("playing");
}

/**
 * One deployment's journey: the editor on `editorAt`, the member on `memberAt`, the release checked on every
 * process.
 */
async function releaseJourney(deployment: Deployment) {
  return withSession(
    async (editorSession) => {
      const { label, editorAt, memberAt, everyProcess } = deployment;
      const name = `${label} Release Flow ${Math.random().toString(36).slice(2, 7)}`;
      const slug = name.toLowerCase().replace(/\s+/g, "-");
      await signedIn(editorSession, "editor@demo.fitkit.dev", editorAt);
      const page = await editorSession.open(`${editorAt}/admin/workouts/new`);
      await page.getByLabel("Title").fill(name);
      await page.getByLabel(/^Slug/).fill(slug);
      await page.getByLabel("Description").fill("Ten seconds filmed for the console.");
      await page.getByLabel("Length of the video (minutes)").fill("12");
      await page.getByLabel("Level").fill("Beginner");
      await page.getByLabel("Equipment").fill("Mat");
      await page.getByRole("group", { name: "Trainers" }).getByRole("checkbox").first().check();
      await page.getByRole("button", { name: "Create draft" }).click();
      await sees(page, "Draft created.");
      await expectPath(page, /^\/admin\/workouts\/[^/]+\?created=1$/);
      const workoutId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);

      const section = page.getByRole("region", { name: "Video" });
      await section.getByLabel("Video file (MP4, MOV, WebM or MKV)").setInputFiles(clip);
      await section.getByRole("button", { name: "Upload video" }).click();
      await page
        .getByText("Uploaded. The video is being prepared for members.")
        .first()
        .waitFor({ timeout: UPLOAD_WAIT_MS });

      // Two minutes ahead in Chicago's wall time (the next whole minute after two): the clip transcodes meanwhile.
      const releaseAt = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
      await page.getByLabel("Release on").fill(chicagoLocal(releaseAt));
      await page.getByLabel("Time zone").selectOption(CHICAGO);
      await page.getByRole("button", { name: "Schedule release" }).click();
      await sees(page, "Release scheduled.");
      await visible(page.getByText(/^Scheduled for /));
      await checkWidths(editorSession, page, `admin-release-${deployment.bucket ? "two-processes" : "embedded"}`);
      editorSession.assertClean();

      await withSession(async (memberSession) => {
        const member = await signInTokens("member@demo.fitkit.dev", "fitkit-demo", memberAt);
        await keepTokens(memberSession, member, ["Essential"], memberAt);
        for (const origin of everyProcess)
          expect(await finds(origin, member.token, name, slug), `found on ${origin} before its release`).toBe(false);
        await expect
          .poll(() => finds(memberAt, member.token, name, slug), { timeout: RELEASE_WAIT_MS, interval: 2000 })
          .toBe(true);
        expect(Date.now()).toBeGreaterThanOrEqual(releaseAt.getTime());
        for (const origin of everyProcess)
          await expect
            .poll(() => finds(origin, member.token, name, slug), { timeout: STEP_TIMEOUT, interval: 1000 })
            .toBe(true);

        const library = await memberSession.open(`${memberAt}/classes?q=${encodeURIComponent(name)}`);
        await dismissConsent(library);
        const renditions: string[] = [];
        library.on("request", (r) => {
          if (r.url().startsWith(`${memberAt}/media/w/`) && r.url().includes("/360/")) renditions.push(r.url());
        });
        const card = library.locator("fit-workout-search").locator("[part=card] a").filter({ hasText: name });
        await card.click();
        await follow(
          library,
          library.locator("dialog[open]").last().getByRole("link", { name: /Play/ }),
          /^\/classes\/video\//,
        );
        await ensurePlaying(library);
        // The uploaded 10-second ladder (from the bucket on the two processes), not a demo clip.
        await expect
          .poll(
            () =>
              library.evaluate(() => {
                const v = document.querySelector<HTMLVideoElement>("[data-testid=video]");
                return v ? Math.round(v.duration) : 0;
              }),
            { timeout: STEP_TIMEOUT },
          )
          .toBe(10);
        await expect.poll(() => renditions.some((u) => u.endsWith("/360/index.m3u8"))).toBe(true);
        if (deployment.bucket) expect(s3.keys(BUCKET).some((key) => key.endsWith("/360/seg000.ts"))).toBe(true);
        memberSession.assertClean();
      });

      // One release, made by fitkit itself, and both processes' audit logs say so.
      const admin = await signInTokens("admin@demo.fitkit.dev", "fitkit-demo", memberAt);
      for (const origin of everyProcess) {
        const response = await fetch(
          `${origin}/admin/v1/audit?record_type=workout&record_id=${encodeURIComponent(workoutId)}`,
          { headers: { authorization: `Bearer ${admin.token}` } },
        );
        const items = ((await response.json()) as { items: { action: string; actor_email: string; at: string }[] })
          .items;
        const releases = items.filter((i) => i.action === "workout.release");
        expect(releases).toHaveLength(1);
        expect(releases[0]!.actor_email).toBe("system");
        expect(Date.parse(releases[0]!.at)).toBeGreaterThanOrEqual(releaseAt.getTime());
      }
      await page.reload();
      await visible(page.getByRole("listitem").filter({ hasText: "Released on schedule" }));
    },
    { timezoneId: CHICAGO },
  );
}

describe("a scheduled upload released to members", () => {
  it(
    "an editor uploads a clip, fills the workout and schedules it; a member finds and plays it after that time, on PGlite and on two PostgreSQL processes",
    async () => {
      const deployments: Deployment[] = [
        { label: "Embedded", editorAt: appUrl(), memberAt: appUrl(), everyProcess: [appUrl()], bucket: false },
      ];
      const [a, b] = processes;
      if (a && b)
        deployments.push({
          label: "Two Machines",
          editorAt: a.url,
          memberAt: b.url,
          everyProcess: [a.url, b.url],
          bucket: true,
        });
      // Side by side, so both wait for their release in the same two minutes.
      await Promise.all(deployments.map(releaseJourney));
    },
    RELEASE_WAIT_MS + 300_000,
  );
});
