import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { css } from "goober";
import { sendVideoEvents } from "../../../../src/api/index.js";
import type { PlaybackAnswer, VideoEventType, Workout } from "../../../../src/api/types.js";
import { createVideoEventBuffer, VIDEO_PROGRESS_MS } from "../../../../src/analytics/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { bp, color, radius, space, text, touch, up } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { clock } from "../../ui/format.js";
import { StationsPanel } from "./stations-panel.js";
import { t } from "../../../../src/i18n/index.js";

/** Spec §9 default volumes: the trainer (video) at 0.5, background music at 0.1. */
const TRAINER_VOLUME = 0.5;
const MUSIC_VOLUME = 0.1;
const SKIP_SECONDS = 10;

const MuxSurface = lazy(() => import("./mux-surface.js"));

type MediaEl = HTMLVideoElement & { disableRemotePlayback?: boolean };

const stage = css`position: fixed; inset: 0; background: #000; color: #fff; display: flex; flex-direction: column; z-index: 90;
  mux-player, video { width: 100%; height: 100%; --controls: none; --media-object-fit: contain; object-fit: contain; background: #000; }`;
const top = css`position: absolute; top: 0; left: 0; right: 0; z-index: 3; display: flex; align-items: center; gap: ${space[3]}px; padding: ${space[3]}px ${space[4]}px;
  background: linear-gradient(rgba(0,0,0,.7), transparent); h1 { font-size: ${text.md}px; font-weight: 700; flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }`;
const videoBox = css`position: relative; flex: 1; min-height: 0;`;
const bar = css`position: absolute; left: 0; right: 0; bottom: 0; z-index: 3; padding: ${space[2]}px ${space[3]}px ${space[3]}px; display: grid; gap: ${space[1]}px;
  background: linear-gradient(transparent, rgba(0,0,0,.85) 40%); ${up(bp.md)} { padding: ${space[3]}px ${space[5]}px ${space[4]}px; }`;
const row = css`display: flex; align-items: center; gap: ${space[1]}px; flex-wrap: wrap; ${up(bp.sm)} { gap: ${space[2]}px; }`;
const iconBtn = css`min-width: ${touch}px; height: ${touch}px; border: 0; border-radius: ${radius.pill}px; background: transparent; color: #fff; cursor: pointer;
  font-size: ${text.sm}px; font-weight: 800; padding: 0 10px; display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  &:hover { background: rgba(255,255,255,.14); } &[aria-pressed="true"] { background: rgba(255,255,255,.22); } svg { width: 24px; height: 24px; }`;
const range = css`width: 100%; height: ${touch}px; accent-color: ${color.accent}; cursor: pointer; margin: 0; background: transparent;`;
const volume = css`display: inline-flex; align-items: center; gap: 4px; font-size: ${text.xs}px; font-weight: 700; color: rgba(255,255,255,.8);
  input { width: 64px; height: ${touch}px; accent-color: #fff; ${up(bp.sm)} { width: 96px; } }`;
const timeLabel = css`font-variant-numeric: tabular-nums; font-size: ${text.sm}px; color: rgba(255,255,255,.85); min-width: 96px;`;
const captionBox = css`justify-self: center; max-width: 86%; text-align: center; margin-bottom: ${space[2]}px;
  background: rgba(0,0,0,.75); padding: 6px 14px; border-radius: 6px; font-size: ${text.md}px; line-height: 1.35; white-space: pre-line; ${up(bp.md)} { font-size: ${text.lg}px; }`;
const doneBox = css`position: absolute; inset: 0; z-index: 4; display: grid; place-items: center; background: rgba(13,13,18,.88); text-align: center; padding: ${space[5]}px;
  > div { display: grid; gap: ${space[4]}px; justify-items: center; } h2 { font-size: ${text.display}px; font-weight: 900; }`;
const spacer = css`flex: 1;`;
const bigPlay = css`position: absolute; z-index: 2; left: 50%; top: 50%; transform: translate(-50%, -50%); width: 88px; height: 88px; border-radius: 50%;
  border: 0; background: rgba(180,64,42,.92); color: #fff; cursor: pointer; display: grid; place-items: center; box-shadow: 0 8px 30px rgba(0,0,0,.4);
  svg { width: 40px; height: 40px; } &:hover { background: ${color.accent}; }`;

const Icon = {
  play: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M8 5v14l11-7z" />
    </svg>
  ),
  pause: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M6 5h4v14H6zm8 0h4v14h-4z" />
    </svg>
  ),
  full: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="none" stroke="currentColor" strokeWidth="2" d="M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5" />
    </svg>
  ),
  music: (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="currentColor" d="M9 17a3 3 0 1 1-2-2.83V5l12-2v11a3 3 0 1 1-2-2.83V6.4L9 7.7z" />
    </svg>
  ),
};

/**
 * The workout player with fitkit's own controls, captions from the signed WebVTT, background music, resume, session
 * start/end and buffered video events. The surface is @mux/mux-player for the Mux provider (imported only then, Mux
 * data tracking off) and a native <video> for the local provider's HLS clips (Chromium, Safari and Edge play HLS
 * natively), so local playback never loads the Mux bundle.
 */
export default function Player({
  workout,
  playback,
  captionsOn,
  musicOn,
  mux,
}: {
  workout: Workout;
  playback: PlaybackAnswer;
  captionsOn: boolean;
  musicOn: boolean;
  mux: boolean;
}) {
  const store = useStore();
  const [, navigate] = useLocation();
  const media = useRef<MediaEl | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const session = useRef<{ id: string; ended: boolean; reached: number } | null>(null);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(workout.video.duration || workout.duration * 60);
  const [trainerVolume, setTrainerVolume] = useState(TRAINER_VOLUME);
  const [musicVolume, setMusicVolume] = useState(MUSIC_VOLUME);
  const captionTrack = useRef<HTMLTrackElement>(null);
  const [hasCues, setHasCues] = useState(false);
  const [cueText, setCueText] = useState("");
  const [showCaptions, setShowCaptions] = useState(captionsOn);
  const [completed, setCompleted] = useState<boolean | null>(null);
  const playing = useSignal(store.player.videoPlaying);
  const stationsOpen = useSignal(store.player.stationsOpen);
  const musicState = useSignal(store.player.music);
  // Issue 32 item 5: closing the music panel (Escape, its ✕) takes focus back to the Music button that opened it,
  // never to the page; focus the member moved elsewhere meanwhile stays where it is.
  const musicButton = useRef<HTMLButtonElement>(null);
  const stationsWereOpen = useRef(stationsOpen);
  useEffect(() => {
    const closed = stationsWereOpen.current && !stationsOpen;
    stationsWereOpen.current = stationsOpen;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (closed && lost) musicButton.current?.focus();
  }, [stationsOpen]);

  const buffer = useMemo(() => createVideoEventBuffer((events) => sendVideoEvents(store.api, events)), [store]);
  const track = useCallback(
    (event_type: VideoEventType, data?: Record<string, unknown>) => {
      const s = session.current;
      if (!s) return;
      buffer.push({
        event_type,
        workout_id: workout.id,
        session_id: s.id,
        position: Math.floor(media.current?.currentTime ?? 0),
        occurred_at: new Date().toISOString(),
        ...(data ? { data } : {}),
      });
    },
    [buffer, workout.id],
  );

  // Ends the session once: complete when the server says the member watched enough of the video (≥ 90 %). It counts
  // time watched from the player events, so every event of the play is posted first.
  const endSession = useCallback(async () => {
    const s = session.current;
    if (!s || s.ended) return;
    s.ended = true;
    const reached = Math.max(s.reached, media.current?.currentTime ?? 0);
    await buffer.flush();
    return store.player.end.run(workout.id, s.id, reached);
  }, [store, workout.id, buffer]);

  // Session start (and the resume position it answers), then the first play.
  useEffect(() => {
    let cancelled = false;
    void store.player.start.run(workout.id).then((answer) => {
      if (!answer || cancelled) return;
      session.current = { id: answer.session_id, ended: false, reached: answer.timecode };
      const el = media.current;
      const resume = answer.timecode;
      const seek = () => {
        if (el && resume > 0 && resume < (el.duration || Infinity) - 5) el.currentTime = resume;
      };
      if (el && el.readyState >= 1) seek();
      else el?.addEventListener("loadedmetadata", seek, { once: true });
      track("start", { resume_from: resume });
      store.player.videoPlaying.value = true;
    });
    return () => {
      cancelled = true;
      store.player.videoPlaying.value = false;
      store.player.stopMusic();
      if (store.player.stationsOpen.peek()) store.player.closeStations();
      track("close");
      void endSession();
      void buffer.flush();
    };
  }, [workout.id, store, track, endSession, buffer]);

  // Captions come as a separate signed WebVTT file, loaded by the browser as the video's <track>. The track is
  // "hidden": the browser parses it and reports the showing cues (cuechange) but draws nothing; fitkit draws them in
  // its own box, so the CC button can hide them and the settings switch (no track at all) hides them completely.
  const captions = captionsOn ? playback.captions[0] : undefined;
  useEffect(() => {
    const element = captionTrack.current;
    if (!element) return;
    const track = element.track;
    track.mode = "hidden";
    const loaded = () => setHasCues((track.cues?.length ?? 0) > 0);
    const show = () =>
      setCueText(Array.from(track.activeCues ?? [], (cue) => (cue as VTTCue).getCueAsHTML().textContent).join("\n"));
    element.addEventListener("load", loaded);
    track.addEventListener("cuechange", show);
    if (element.readyState === HTMLTrackElement.LOADED) loaded();
    return () => {
      element.removeEventListener("load", loaded);
      track.removeEventListener("cuechange", show);
      setHasCues(false);
      setCueText("");
    };
  }, [captions?.uri]);

  // The store's videoPlaying signal drives the element (the stations panel pauses and resumes through it).
  useEffect(() => {
    const el = media.current;
    if (!el) return;
    if (playing && el.paused) el.play().catch(() => (store.player.videoPlaying.value = false));
    if (!playing && !el.paused) el.pause();
  }, [playing, store]);

  useEffect(() => {
    if (media.current) media.current.volume = trainerVolume;
  }, [trainerVolume]);
  useEffect(() => {
    if (audio.current) audio.current.volume = musicVolume;
  }, [musicVolume, musicState]);

  // Element events → UI state and tracking.
  const attach = useCallback(
    (el: MediaEl | null) => {
      if (!el || media.current === el) return;
      media.current = el;
      el.disableRemotePlayback = true;
      el.volume = TRAINER_VOLUME;
      let lastProgress = 0;
      el.addEventListener("loadedmetadata", () => {
        if (Number.isFinite(el.duration) && el.duration > 0) setDuration(el.duration);
        track("loaded");
      });
      el.addEventListener("canplay", () => track("ready"), { once: true });
      el.addEventListener("timeupdate", () => {
        setPosition(el.currentTime);
        if (session.current) session.current.reached = Math.max(session.current.reached, el.currentTime);
        const now = Date.now();
        if (!el.paused && now - lastProgress >= VIDEO_PROGRESS_MS) {
          lastProgress = now;
          track("progress");
        }
      });
      // "play" and "pause" arrive a task after the call; one the element has since reversed is stale and ignored,
      // or it would undo the newer intent (a play landing after the stations panel opened kept the video running).
      el.addEventListener("play", () => {
        if (el.paused) return;
        if (store.player.stationsOpen.peek()) return el.pause();
        store.player.videoPlaying.value = true;
        track("play");
      });
      el.addEventListener("pause", () => {
        if (!el.paused) return;
        if (!el.ended && !store.player.stationsOpen.peek()) store.player.videoPlaying.value = false;
        track("pause");
      });
      el.addEventListener("seeked", () => track("seek"));
      el.addEventListener("volumechange", () => track(el.muted ? "muted" : "unmuted"));
      el.addEventListener("error", () => track("error"));
      el.addEventListener("ended", () => {
        store.player.videoPlaying.value = false;
        track("end");
        void endSession().then((answer) => setCompleted(answer?.is_complete ?? false));
      });
    },
    [store, track, endSession],
  );

  const seekBy = (delta: number) => {
    const el = media.current;
    if (el) el.currentTime = Math.min(Math.max(0, el.currentTime + delta), (el.duration || duration) - 0.1);
  };
  const toggleFullscreen = () =>
    (document.fullscreenElement ? document.exitFullscreen() : stageRef.current?.requestFullscreen())?.catch(
      () => undefined,
    );
  const togglePlay = () => (store.player.videoPlaying.value = !store.player.videoPlaying.peek());
  const close = () => navigate(`/classes/detail/${encodeURIComponent(workout.slug)}`);

  // Keyboard shortcuts: Space/K play-pause, ←/J and →/L ±10 s, F fullscreen, C captions, M mute, Escape closes panels.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (
        e.altKey ||
        e.ctrlKey ||
        e.metaKey ||
        (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) && (target as HTMLInputElement).type !== "range")
      )
        return;
      const key = e.key.toLowerCase();
      if (key === "escape" && store.player.stationsOpen.peek()) return store.player.closeStations();
      if (target.tagName === "BUTTON" && (key === " " || key === "enter")) return;
      const actions: Partial<Record<string, () => void>> = {
        " ": togglePlay,
        k: togglePlay,
        arrowleft: () => seekBy(-SKIP_SECONDS),
        j: () => seekBy(-SKIP_SECONDS),
        arrowright: () => seekBy(SKIP_SECONDS),
        l: () => seekBy(SKIP_SECONDS),
        f: () => void toggleFullscreen(),
        c: () => hasCues && setShowCaptions((v) => !v),
        m: () => media.current && (media.current.muted = !media.current.muted),
      };
      const action = actions[key];
      if (!action || (target.getAttribute("type") === "range" && key.startsWith("arrow"))) return;
      e.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  const cue = showCaptions ? cueText : "";
  return (
    <div ref={stageRef} className={stage} role="region" aria-label={t("player.region", { name: workout.name })}>
      <div className={top}>
        <button type="button" className={iconBtn} aria-label={t("player.closePlayer")} onClick={close}>
          ✕
        </button>
        <h1>{workout.name}</h1>
      </div>
      <div className={videoBox}>
        {mux ? (
          <Suspense fallback={null}>
            <MuxSurface attach={attach} src={playback.uri} title={workout.name} />
          </Suspense>
        ) : (
          <video
            ref={attach}
            src={playback.uri}
            playsInline
            disableRemotePlayback
            preload="auto"
            title={workout.name}
            data-testid="video"
          >
            {captions ? (
              <track
                ref={captionTrack}
                kind="captions"
                src={captions.uri}
                srcLang={captions.lang}
                label={t("player.captions")}
              />
            ) : null}
          </video>
        )}
        {!playing && completed === null && !stationsOpen ? (
          <button type="button" className={bigPlay} aria-label={t("player.startWorkout")} onClick={togglePlay}>
            {Icon.play}
          </button>
        ) : null}
        {completed !== null ? (
          <div className={doneBox} role="dialog" aria-modal="true" aria-labelledby="done-title">
            <div>
              <h2 id="done-title">{completed ? t("player.didIt") : t("player.niceWork")}</h2>
              <p>{completed ? t("player.completeNote") : t("player.finishMoreNote")}</p>
              <div style={{ display: "flex", gap: space[3], flexWrap: "wrap", justifyContent: "center" }}>
                <ButtonLink href="/home" autoFocus>
                  {t("player.backToHome")}
                </ButtonLink>
                <ButtonLink href="/classes" variant="inverse">
                  {t("player.findAnotherClass")}
                </ButtonLink>
              </div>
            </div>
          </div>
        ) : null}
      </div>
      <div className={bar}>
        {cue ? (
          <div className={captionBox} data-testid="captions">
            {cue}
          </div>
        ) : null}
        <input
          className={range}
          type="range"
          min={0}
          max={Math.max(1, Math.floor(duration))}
          step={1}
          value={Math.floor(position)}
          aria-label={t("player.progress")}
          aria-valuetext={t("player.positionOf", { position: clock(position), duration: clock(duration) })}
          onChange={(e) => media.current && (media.current.currentTime = Number(e.currentTarget.value))}
        />
        <div className={row}>
          <button
            type="button"
            className={iconBtn}
            aria-label={playing ? t("player.pause") : t("player.play")}
            onClick={togglePlay}
          >
            {playing ? Icon.pause : Icon.play}
          </button>
          <button
            type="button"
            className={iconBtn}
            aria-label={t("player.back10Seconds")}
            onClick={() => seekBy(-SKIP_SECONDS)}
          >
            −10
          </button>
          <button
            type="button"
            className={iconBtn}
            aria-label={t("player.forward10Seconds")}
            onClick={() => seekBy(SKIP_SECONDS)}
          >
            +10
          </button>
          <span className={timeLabel} aria-hidden="true">
            {clock(position)} / {clock(duration)}
          </span>
          <span className={spacer} />
          {hasCues ? (
            <button
              type="button"
              className={iconBtn}
              aria-pressed={showCaptions}
              onClick={() => setShowCaptions(!showCaptions)}
            >
              {t("player.cc")}
              <span className="visually-hidden"> {t("player.closedCaptions")}</span>
            </button>
          ) : null}
          <label className={volume}>
            {t("player.trainer")}
            <input
              type="range"
              min={0}
              max={1}
              step={0.05}
              value={trainerVolume}
              onChange={(e) => setTrainerVolume(Number(e.currentTarget.value))}
              aria-label={t("player.trainerVolume")}
            />
          </label>
          {musicOn ? (
            <>
              <label className={volume}>
                {t("player.music")}
                <input
                  type="range"
                  min={0}
                  max={1}
                  step={0.05}
                  value={musicVolume}
                  onChange={(e) => setMusicVolume(Number(e.currentTarget.value))}
                  aria-label={t("player.musicVolume")}
                />
              </label>
              <button
                ref={musicButton}
                type="button"
                className={iconBtn}
                aria-pressed={stationsOpen}
                aria-label={t("player.musicStations")}
                onClick={() => (stationsOpen ? store.player.closeStations() : store.player.openStations())}
              >
                {Icon.music}
              </button>
            </>
          ) : null}
          <button type="button" className={iconBtn} aria-label={t("player.fullscreen")} onClick={toggleFullscreen}>
            {Icon.full}
          </button>
        </div>
      </div>
      {musicOn ? <StationsPanel audio={audio} volume={musicVolume} /> : null}
    </div>
  );
}
