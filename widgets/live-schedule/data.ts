import { useEffect, useState } from "preact/hooks";
import * as api from "../../src/api/index.js";
import type { LiveClass, Reservation } from "../../src/api/index.js";
import type { ApiClient } from "../../src/api/client.js";
import { classWindow } from "../../src/domain/classes.js";
import { startOfDay } from "../../src/domain/live-week.js";
import { DAY_MS } from "../../src/domain/numbers.js";
import { keyedResource, liveSlice } from "../../src/store/index.js";
import { useStore } from "../ui/store.js";
import type { Resource } from "../../src/store/resource.js";
import type { Location } from "../../src/api/index.js";
import type { BookingsPass } from "../booking-message.js";
import { keepPass, readPass } from "./site-pass.js";

export interface LiveSchedule {
  signedIn: boolean;
  classes: { status: string; value: LiveClass[] | undefined };
  reservations: Reservation[];
  /** The reservations were read with the site's bookings pass: seen here, changed in the hosted app's popup. */
  viaPass: boolean;
  /** Keeps a new bookings pass the popup handed over, else reads the bookings again with the one kept. */
  acceptPass(pass: BookingsPass | undefined): void;
  locationName?: string;
  /** A studio's own zone (an in-person location); undefined for the live virtual studio or all locations. */
  studioZone?: string;
  refresh(): void;
  book(classId: string): Promise<Reservation>;
  cancel(reservationId: string): Promise<Reservation>;
  checkIn(reservationId: string): Promise<Reservation>;
  /** The API client (the waitlist part calls it directly). */
  api: ApiClient;
}

interface Write<T> {
  run(id: string): Promise<T | undefined>;
  error: { peek(): unknown };
}

/**
 * The schedule of one location for the next 30 days (one resource per location and day, shared by every widget on the
 * page), the member's reservations (the store's live slice, so a booking in one widget shows in all) and the writes.
 */
export function useLiveSchedule(location: string | undefined, appUrl: string): LiveSchedule {
  const store = useStore(liveSlice);
  const signedIn = store.session.signedIn.value;
  const appOrigin = new URL(appUrl, window.location.href).origin;
  const [pass, setPass] = useState(() => readPass(appOrigin, Date.now()));
  // A visitor on a studio's site who booked there before: their bookings, read with the site's pass.
  const siteBookings =
    !signedIn && pass
      ? keyedResource(store, `live.site-bookings:${pass.token}`, (s) =>
          api.getSiteBookings(store.api, pass.token, s).then((r) => r.items),
        )
      : undefined;
  const passRefused = (siteBookings?.error.value as { status?: number } | undefined)?.status === 401;
  // From yesterday's midnight: the window changes once a day (two widgets mounted together ask once), and it covers
  // today in a widget zone ahead of the browser's.
  const query = {
    ...classWindow(startOfDay(Date.now()).getTime() - DAY_MS),
    ...(location ? { location } : {}),
    ...(signedIn ? {} : { public: true }),
  };
  const classes = keyedResource(store, `live.classes:${JSON.stringify(query)}`, (s) =>
    api.getClasses(store.api, query, s, signedIn).then((r) => r.items),
  );
  const place = location
    ? keyedResource(store, `location:${location}`, (s) => api.getLocation(store.api, location, s))
    : undefined;
  const reservations = store.live.reservations;

  useEffect(() => {
    void classes.load();
    void place?.load();
  }, [classes, place]);
  useEffect(() => {
    if (signedIn) void reservations.load();
  }, [signedIn]);
  useEffect(() => void siteBookings?.load(), [siteBookings]);
  useEffect(() => {
    // Refused (the member signed out everywhere, or changed their password): forgotten, as a visitor again.
    if (!passRefused) return;
    keepPass(appOrigin, undefined);
    setPass(undefined);
  }, [passRefused, appOrigin]);
  useLiveSpots(store, location, classes, place, reservations);

  /** A write that throws its ApiError on failure (the live slice reloads the reservations and the spots it changed). */
  const write =
    <T>(mutation: Write<T>) =>
    async (id: string): Promise<T> => {
      const answer = await mutation.run(id);
      if (answer === undefined) throw mutation.error.peek();
      return answer;
    };

  return {
    signedIn,
    classes: { status: classes.status.value, value: classes.data.value },
    reservations: signedIn ? (reservations.data.value ?? []) : passRefused ? [] : (siteBookings?.data.value ?? []),
    viaPass: !signedIn && !!siteBookings,
    acceptPass(next) {
      if (!next) return void siteBookings?.reload();
      keepPass(appOrigin, next);
      setPass(next);
    },
    locationName: place?.data.value?.name,
    studioZone: place?.data.value?.kind === "studio" ? place.data.value.time_zone : undefined,
    refresh: () => {
      void classes.reload();
      if (signedIn) void reservations.reload();
      else void siteBookings?.reload();
    },
    book: write(store.live.book),
    cancel: write(store.live.cancel),
    checkIn: write(store.live.checkIn),
    api: store.api,
  };
}

/**
 * Keeps the shown spots live: the page's one spots stream (loaded after the first render, outside the widget's first
 * script) updates the classes in place; a class it does not know yet (just added by the studio) reloads the schedule
 * once, and so does a `resync` or, while the stream is refused, every 30 s. The stream is public and says nothing of
 * the member's own place: a change to a class they wait for (the waitlist booked them, someone ahead left) fetches
 * their bookings, then the classes with their place, in that order so the schedule sees the booking while it still
 * remembers the wait (and tells the member they were booked).
 */
function useLiveSpots(
  store: { apiBase: string },
  location: string | undefined,
  classes: Resource<LiveClass[]>,
  place: Resource<Location> | undefined,
  reservations: Resource<Reservation[]>,
) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    const reloadedFor = new Set<string>();
    void import("../../src/store/live-spots.js").then(({ spotsStreamOf, withSpots }) => {
      if (!live) return;
      stop = spotsStreamOf(store).follow({
        location: location ?? "",
        onChange(change) {
          const shown = classes.data.peek();
          if (!shown) return;
          const c = shown.find((c) => c.id === change.id);
          if (c?.waitlist?.position != null) return void reservations.reload().then(() => classes.reload());
          if (c) return classes.set(withSpots(shown, change, Date.now()));
          const here = place?.data.peek()?.id;
          if (change.cancelled || (here && change.location_id !== here) || reloadedFor.has(change.id)) return;
          reloadedFor.add(change.id);
          void classes.reload();
        },
        refresh: () => void classes.reload(),
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [store, location, classes, place, reservations]);
}
