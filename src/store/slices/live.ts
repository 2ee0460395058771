import * as api from "../../api/index.js";
import type { StoreContext } from "../context.js";
import type { SliceDef } from "../store-core.js";
import { createMutation } from "../mutation.js";
import { createResource } from "../resource.js";

/**
 * The studios (the list and one by slug) and the member's reservations of their live classes. Booking, cancelling
 * and checking in change the reservations and the classes' spots, which reload before the write answers; a failure
 * keeps the ApiError, whose `status` selects the spec §8 copy (`src/i18n`).
 */
function createLiveSlice(ctx: StoreContext) {
  const c = ctx.api;
  const reservations = ctx.watch(
    "live.reservations",
    createResource((s, location?: string) => api.getReservations(c, location, s).then((r) => r.items)),
  );
  const changed = ctx.after("live.reservations", "live.classes");
  return {
    locations: createResource((s) => api.getLocations(c, s).then((r) => r.items)),
    location: createResource((s, id: string) => api.getLocation(c, id, s)),
    reservations,
    book: createMutation((classId: string) => api.bookClass(c, classId).then(changed)),
    cancel: createMutation((reservationId: string) => api.cancelReservation(c, reservationId).then(changed)),
    checkIn: createMutation((reservationId: string) => api.checkInReservation(c, reservationId).then(changed)),
    reset: () => reservations.reset(),
  };
}
export type LiveSlice = ReturnType<typeof createLiveSlice>;

export const liveSlice: SliceDef<"live", LiveSlice> = { name: "live", create: createLiveSlice };
