import { useEffect } from "preact/hooks";
import * as api from "../../src/api/index.js";
import type { LiveClass, Reservation } from "../../src/api/index.js";
import { classWindow } from "../../src/domain/classes.js";
import { liveSlice } from "../../src/store/index.js";
import { keyedResource, useStore } from "../ui/store.js";

export interface LiveSchedule {
  signedIn: boolean;
  classes: { status: string; value: LiveClass[] | undefined };
  reservations: Reservation[];
  locationName?: string;
  refresh(): void;
  book(classId: string): Promise<Reservation>;
  cancel(reservationId: string): Promise<Reservation>;
  checkIn(reservationId: string): Promise<Reservation>;
}

/** Whole days: the schedule window only changes at midnight, so two widgets mounted together ask once. */
const today = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

/**
 * The schedule of one location for the next 30 days (one resource per location and day, shared by every widget on the
 * page), the member's reservations (the store's live slice, so a booking in one widget shows in all) and the writes.
 */
export function useLiveSchedule(location: string | undefined): LiveSchedule {
  const store = useStore(liveSlice);
  const signedIn = store.session.signedIn.value;
  const window = classWindow(today());
  const query = { ...window, ...(location ? { location } : {}), ...(signedIn ? {} : { public: true }) };
  const classes = keyedResource(store, `live.classes:${JSON.stringify(query)}`, (s) => api.getClasses(store.api, query, s, signedIn).then((r) => r.items));
  const place = location ? keyedResource(store, `location:${location}`, (s) => api.getLocation(store.api, location, s)) : undefined;
  const reservations = store.live.reservations;

  useEffect(() => {
    void classes.load();
    void place?.load();
  }, [classes, place]);
  useEffect(() => {
    if (signedIn) void reservations.load();
  }, [signedIn]);

  const fail = (mutation: { error: { peek(): unknown } }) => {
    throw mutation.error.peek();
  };
  const afterWrite = async <T>(answer: T | undefined, mutation: { error: { peek(): unknown } }) => {
    if (answer === undefined) fail(mutation);
    await Promise.all([reservations.reload(), classes.reload()]);
    return answer as T;
  };

  return {
    signedIn,
    classes: { status: classes.status.value, value: classes.data.value },
    reservations: signedIn ? (reservations.data.value ?? []) : [],
    locationName: place?.data.value?.name,
    refresh: () => {
      void classes.reload();
      if (signedIn) void reservations.reload();
    },
    book: async (classId) => afterWrite(await store.live.book.run(classId, { refresh: false }), store.live.book),
    cancel: async (id) => afterWrite(await store.live.cancel.run(id, { refresh: false }), store.live.cancel),
    checkIn: async (id) => afterWrite(await store.live.checkIn.run(id, { refresh: false }), store.live.checkIn),
  };
}
