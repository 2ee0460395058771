import { lazy, Suspense, useEffect, useState } from "react";
import { useParams } from "wouter";
import { css } from "goober";
import { ApiError, getPlayback } from "../../../../src/api/index.js";
import type { PlaybackAnswer } from "../../../../src/api/types.js";
import { t } from "../../../../src/i18n/index.js";
import { useStore } from "../../lib/store.js";
import { useSignal } from "../../lib/use-signal.js";
import { space, text } from "../../theme/tokens.js";
import { ButtonLink } from "../../ui/button.js";
import { Spinner } from "../../ui/page.js";

// The player is its own chunk, fetched only when a workout is about to play (and @mux/mux-player a further one).
const Player = lazy(() => import("./player.js"));

const screen = css`min-height: 100vh; background: #0d0d12; color: #fff; display: grid; place-items: center; padding: ${space[5]}px;`;
const message = css`max-width: 480px; text-align: center; display: grid; gap: ${space[4]}px; justify-items: center;
  h1 { font-size: ${text.xxl}px; font-weight: 800; } p { color: rgba(255,255,255,.78); }`;

type Access =
  | { state: "loading" }
  | { state: "ready"; playback: PlaybackAnswer }
  | { state: "denied" }
  | { state: "missing" }
  | { state: "error" };

/** /classes/video/{slug}: checks the member may watch, then loads the player. */
export default function PlayerPage() {
  const store = useStore();
  const { slug } = useParams<"/classes/video/:slug">();
  const workout = useSignal(store.catalogue.workout.data);
  const workoutStatus = useSignal(store.catalogue.workout.status);
  const user = useSignal(store.session.user.data);
  const userDone = useSignal(store.session.user.fulfilled);
  const [access, setAccess] = useState<Access>({ state: "loading" });
  const config = useSignal(store.content.config.data);

  useEffect(() => {
    void store.catalogue.workout.load(slug);
    void store.session.user.load();
    void store.content.config.load();
  }, [slug, store]);

  const current = workout?.slug === slug ? workout : undefined;
  useEffect(() => {
    if (!current) return;
    const controller = new AbortController();
    getPlayback(store.api, current.id, controller.signal).then(
      (playback) => setAccess({ state: "ready", playback }),
      (e) => {
        if (controller.signal.aborted) return;
        const status = e instanceof ApiError ? e.status : 0;
        setAccess({ state: status === 403 ? "denied" : status === 404 ? "missing" : "error" });
      },
    );
    return () => controller.abort();
  }, [current, store]);

  if (workoutStatus === "error" && !current)
    return <Notice title={t("player.weCouldntFindThat")} body={t("player.retired")} />;
  if (access.state === "denied") {
    return (
      <Notice title={t("player.thisClassIsFor")} body={t("player.membersOnly")}>
        <ButtonLink href="/account/membership/join">{t("player.seeMembershipOptions")}</ButtonLink>
      </Notice>
    );
  }
  if (access.state === "missing") return <Notice title={t("player.weCouldntFindThat")} body={t("player.retired")} />;
  if (access.state === "error") return <Notice title={t("error.page")} body={t("error.loading")} />;
  if (!current || access.state !== "ready" || !userDone || !config)
    return (
      <div className={screen}>
        <Spinner label={t("player.loadingThePlayer")} />
      </div>
    );

  return (
    <Suspense
      fallback={
        <div className={screen}>
          <Spinner label={t("player.loadingThePlayer")} />
        </div>
      }
    >
      <Player
        workout={current}
        playback={access.playback}
        captionsOn={user?.closed_captions !== false}
        musicOn={user?.feed_fm_disabled !== true}
        mux={config.video.provider === "mux"}
      />
    </Suspense>
  );
}

function Notice({ title, body, children }: { title: string; body: string; children?: React.ReactNode }) {
  return (
    <div className={screen}>
      <div className={message} role="alert">
        <h1>{title}</h1>
        <p>{body}</p>
        {children}
        <ButtonLink href="/classes" variant="inverse">
          {t("player.browseClasses")}
        </ButtonLink>
      </div>
    </div>
  );
}
