import { useEffect, useRef, useState, type FormEvent } from "react";
import { Upload } from "tus-js-client";
import {
  createMuxUpload,
  getWorkoutVideo,
  putCaptions,
  uploadsEndpoint,
  type WorkoutVideoState,
} from "../../../../src/api/index.js";
import { useStore } from "../../lib/store.js";
import { space } from "../../theme/tokens.js";
import { Button } from "../../ui/button.js";
import { Field, FormError } from "../../ui/field.js";
import { SuccessNote } from "../../ui/notice.js";
import { ProgressBar } from "../../ui/progress.js";
import { card, sectionTitle, stack } from "../../ui/page.js";
import { dateTime, failureMessage } from "./console-frame.js";
import { ct } from "./copy.js";

/** How often the transcoding state is asked for while a video waits or transcodes. */
const POLL_MS = 2000;
/** Bytes per PATCH: a dropped connection loses at most this much, and progress moves in steps a person sees. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The server's sentence from a tus refusal (the contract's error body), or a generic one. */
function uploadFailure(error: unknown): string {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    const message = (JSON.parse(body ?? "") as { message?: string | string[] }).message;
    if (message) return [message].flat().join(" ");
  } catch {
    // not the contract's body: a network failure
  }
  return ct("console.video.uploadFailed");
}

/**
 * Sends a file to a Mux Direct Upload URL: one PUT of the whole file (what Mux's direct uploads take), its progress
 * reported as the bytes go. Resolves when Mux has the file; rejects on a refusal or a dropped connection.
 */
function putToMux(url: string, file: File, onProgress: (bytes: number) => void, sending: { current?: XMLHttpRequest }) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    sending.current = xhr;
    xhr.open("PUT", url);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(String(xhr.status))));
    xhr.onerror = () => reject(new Error("network"));
    xhr.onabort = () => reject(new Error("aborted"));
    xhr.send(file);
  });
}

/**
 * A workout's video in the console: upload a file (tus, resumable: after a dropped connection or a reload the same
 * file continues where it stopped, found by tus's fingerprint in localStorage), follow its transcoding, and upload
 * WebVTT captions per language. Read-only roles see the state. On a server with Mux's API configured the file goes
 * to a Mux Direct Upload URL instead, and the panel waits until Mux's webhook maps the workout to the new asset.
 */
export function VideoPanel({ workoutId, editable }: { workoutId: string; editable: boolean }) {
  const store = useStore();
  const [state, setState] = useState<WorkoutVideoState | undefined>();
  const [sent, setSent] = useState<{ bytes: number; total: number } | undefined>();
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [refresh, setRefresh] = useState(0);
  const upload = useRef<Upload | undefined>(undefined);
  const muxSending = useRef<XMLHttpRequest | undefined>(undefined);
  /** While Mux processes an upload: when the webhook last mapped the workout before it (null: never). */
  const [muxWaiting, setMuxWaiting] = useState<string | null | undefined>(undefined);

  const status = state?.asset?.status;
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      getWorkoutVideo(store.api, workoutId, abort.signal).then(
        (s) => {
          if (abort.signal.aborted) return;
          setState(s);
          if (s.asset?.status === "queued" || s.asset?.status === "transcoding") timer = setTimeout(load, POLL_MS);
          else if (muxWaiting !== undefined) {
            if (s.mux.ready_at === muxWaiting) timer = setTimeout(load, POLL_MS);
            else {
              setMuxWaiting(undefined);
              setNotice(ct("console.video.muxReady", { id: s.mux.playback_id ?? "" }));
            }
          }
        },
        (e: unknown) => !abort.signal.aborted && setError(failureMessage(e)),
      );
    void load();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [store, workoutId, refresh, muxWaiting]);
  useEffect(
    () => () => {
      void upload.current?.abort();
      muxSending.current?.abort();
    },
    [],
  );

  async function uploadToMux(file: File) {
    const before = state?.mux.ready_at ?? null;
    setSent({ bytes: 0, total: file.size });
    try {
      const { url } = await createMuxUpload(store.api, workoutId);
      await putToMux(url, file, (bytes) => setSent({ bytes, total: file.size }), muxSending);
      setNotice(ct("console.video.muxProcessing"));
      setMuxWaiting(before);
    } catch (err) {
      setError(
        err instanceof Error && /^(\d+|network|aborted)$/.test(err.message)
          ? ct("console.video.uploadFailed")
          : failureMessage(err),
      );
    } finally {
      setSent(undefined);
    }
  }

  async function startUpload(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = (new FormData(e.currentTarget).get("video") as File | null) ?? undefined;
    setError("");
    setNotice("");
    if (!file || !file.size) return setError(ct("console.video.pickFile"));
    if (state?.mux.uploads) return uploadToMux(file);
    const tus = new Upload(file, {
      endpoint: uploadsEndpoint(store.api),
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { workoutId, filename: file.name, ...(file.type ? { filetype: file.type } : {}) },
      // One fingerprint per workout and file: a reload finds the unfinished upload and resumes it.
      fingerprint: async (f) => ["fitkit-video", workoutId, f.name, f.size, f.lastModified].join("|"),
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (req) => {
        const token = await store.auth.accessToken();
        if (token) req.setHeader("Authorization", `Bearer ${token}`);
      },
      onProgress: (bytes, total) => setSent({ bytes, total }),
      onError: (err) => {
        setSent(undefined);
        setError(uploadFailure(err));
      },
      onSuccess: () => {
        setSent(undefined);
        setNotice(ct("console.video.uploaded"));
        setRefresh((n) => n + 1);
      },
    });
    upload.current = tus;
    const previous = await tus.findPreviousUploads();
    if (previous[0]) {
      tus.resumeFromPreviousUpload(previous[0]);
      setNotice(ct("console.video.resumed"));
    }
    setSent({ bytes: 0, total: file.size });
    tus.start();
  }

  async function uploadCaptions(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const lang = String(data.get("lang") ?? "").trim();
    const file = data.get("captions") as File | null;
    setError("");
    setNotice("");
    if (!lang || !file || !file.size) return setError(ct("console.video.captionsMissing"));
    try {
      await putCaptions(store.api, workoutId, lang, file);
      setNotice(ct("console.video.captionsSaved", { lang }));
      form.reset();
      setRefresh((n) => n + 1);
    } catch (err) {
      setError(failureMessage(err));
    }
  }

  const asset = state?.asset;
  return (
    <section className={`${card} ${stack(space[4])}`} aria-labelledby="video-title">
      <h3 id="video-title" className={sectionTitle}>
        {ct("console.video.title")}
      </h3>
      {!state ? null : !asset ? (
        <p>{ct("console.video.none")}</p>
      ) : status === "ready" ? (
        <p>
          {ct("console.video.ready", {
            seconds: Math.round(asset.duration_seconds),
            renditions: asset.renditions.map((h) => `${h}p`).join(", "),
          })}
        </p>
      ) : status === "failed" ? (
        <p role="alert">{ct("console.video.failed", { reason: asset.error ?? "" })}</p>
      ) : (
        <ProgressBar
          value={asset.progress}
          max={100}
          label={ct("console.video.transcoding")}
          caption={status === "queued" ? ct("console.video.queued") : ct("console.video.transcoding")}
        />
      )}
      {state?.mux.playback_id ? (
        <p>{ct("console.video.onMux", { id: state.mux.playback_id, at: dateTime(state.mux.ready_at ?? "") })}</p>
      ) : null}
      {muxWaiting !== undefined ? <p role="status">{ct("console.video.muxWaiting")}</p> : null}
      {sent ? (
        <ProgressBar
          value={sent.bytes}
          max={sent.total}
          label={ct("console.video.uploading")}
          caption={ct("console.video.uploading")}
        />
      ) : null}
      <FormError>{error}</FormError>
      <SuccessNote>{notice}</SuccessNote>
      {editable ? (
        <form className={stack(space[3])} onSubmit={(e) => void startUpload(e)} noValidate>
          <Field
            name="video"
            type="file"
            accept="video/mp4,video/quicktime,video/webm,video/x-matroska,.mkv"
            label={ct("console.video.file")}
          />
          <Button type="submit" disabled={!!sent || muxWaiting !== undefined}>
            {state?.mux.uploads ? ct("console.video.uploadMux") : ct("console.video.upload")}
          </Button>
        </form>
      ) : null}
      <h4>{ct("console.video.captions")}</h4>
      {state?.captions.length ? (
        <p>{state.captions.map((c) => c.lang).join(", ")}</p>
      ) : (
        <p>{ct("console.video.captionsNone")}</p>
      )}
      {editable ? (
        <form className={stack(space[3])} onSubmit={(e) => void uploadCaptions(e)} noValidate>
          <Field name="lang" label={ct("console.video.captionsLang")} maxLength={6} defaultValue="en" />
          <Field name="captions" type="file" accept=".vtt,text/vtt" label={ct("console.video.captionsFile")} />
          <Button type="submit" variant="secondary">
            {ct("console.video.captionsUpload")}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
