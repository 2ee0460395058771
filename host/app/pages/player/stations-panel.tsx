import { useEffect, useRef, useState, type RefObject } from "react";
import { css } from "goober";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { bp, color, radius, space, text, touch, up } from "../../theme/tokens.js";
import { getMusicStations, type MusicStation as Station } from "../../../../src/api/index.js";

const panel = css`position: absolute; z-index: 5; right: 0; top: 0; bottom: 0; width: 100%; background: #15151c; color: #fff; padding: ${space[5]}px ${space[4]}px;
  display: grid; align-content: start; gap: ${space[4]}px; overflow-y: auto; box-shadow: -8px 0 40px rgba(0,0,0,.5); ${up(bp.sm)} { width: 380px; }`;
const head = css`display: flex; align-items: center; justify-content: space-between; h2 { font-size: ${text.lg}px; font-weight: 800; letter-spacing: .06em; text-transform: uppercase; }`;
const list = css`list-style: none; margin: 0; padding: 0; display: grid; gap: ${space[2]}px;`;
const item = css`display: flex; align-items: center; gap: ${space[2]}px; padding: ${space[2]}px ${space[3]}px; border-radius: ${radius.md}px; background: rgba(255,255,255,.06);
  &[data-active="true"] { background: rgba(180,64,42,.35); box-shadow: inset 0 0 0 2px ${color.accent}; } strong { flex: 1; }`;
const btn = css`min-width: ${touch}px; height: ${touch}px; border: 0; border-radius: ${radius.pill}px; background: rgba(255,255,255,.12); color: #fff; cursor: pointer; font-weight: 800; padding: 0 12px;
  &:hover { background: rgba(255,255,255,.22); }`;
const now = css`font-size: ${text.sm}px; color: rgba(255,255,255,.8); min-height: 1.5em;`;

/**
 * Background music: the stations list (Pop, Electronic, Hip Hop, Chill, Throwback) with play, pause, skip and
 * "Now playing". The panel opening pauses the video and closing resumes it (the player slice); the music keeps
 * playing after the panel closes.
 */
export function StationsPanel({ audio, volume }: { audio: RefObject<HTMLAudioElement | null>; volume: number }) {
  const store = useStore();
  const open = useSignal(store.player.stationsOpen);
  const state = useSignal(store.player.music);
  const stationId = useSignal(store.player.station);
  const [stations, setStations] = useState<Station[] | null>(null);
  const [error, setError] = useState(false);
  const [trackIndex, setTrackIndex] = useState(0);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open || stations) return;
    const controller = new AbortController();
    getMusicStations(store.api, controller.signal).then(
      (r) => setStations(r.items),
      () => !controller.signal.aborted && setError(true),
    );
    return () => controller.abort();
  }, [open, stations, store]);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);

  const station = stations?.find((s) => s.id === stationId);
  const trackNow = station ? station.tracks[trackIndex % station.tracks.length] : undefined;

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    el.volume = volume;
    if (state === "playing" && trackNow) el.play().catch(() => store.player.pauseMusic());
    else el.pause();
  }, [state, trackNow, audio, volume, store]);

  const skip = () => setTrackIndex((i) => i + 1);
  return (
    <>
      <audio ref={audio} src={trackNow?.stream_url} onEnded={skip} preload="none" data-testid="music" />
      {open ? (
        <aside className={panel} aria-label={t("player.musicStations")}>
          <div className={head}>
            <h2>{t("player.music")}</h2>
            <button
              ref={closeRef}
              type="button"
              className={btn}
              aria-label={t("player.closeMusicStations")}
              onClick={() => store.player.closeStations()}
            >
              ✕
            </button>
          </div>
          <p className={now} aria-live="polite">
            {trackNow && state !== "idle"
              ? t("player.nowPlaying", { title: trackNow.title, artist: trackNow.artist })
              : t("player.pickStation")}
          </p>
          {error ? <p role="alert">{t("error.loading")}</p> : null}
          <ul className={list}>
            {(stations ?? []).map((s) => {
              const active = s.id === stationId;
              const isPlaying = active && state === "playing";
              return (
                <li key={s.id} className={item} data-active={active}>
                  <strong>{s.name}</strong>
                  <button
                    type="button"
                    className={btn}
                    aria-label={`${isPlaying ? t("player.pause") : t("player.play")} ${s.name}`}
                    onClick={() => {
                      if (isPlaying) store.player.pauseMusic();
                      else if (active) store.player.resumeMusic();
                      else {
                        setTrackIndex(0);
                        store.player.playStation(s.id);
                      }
                    }}
                  >
                    {isPlaying ? t("player.pause") : t("player.play")}
                  </button>
                  {active ? (
                    <button
                      type="button"
                      className={btn}
                      aria-label={t("player.skipOn", { station: s.name })}
                      onClick={skip}
                    >
                      {t("player.skip")}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </aside>
      ) : null}
    </>
  );
}
