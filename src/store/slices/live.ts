import * as api from "../../api/index.js";
import type { Reservation } from "../../api/types.js";
import type { StoreContext } from "../context.js";
import type { SliceDef } from "../store-core.js";
import { createMutation } from "../mutation.js";
import { createResource } from "../resource.js";

/**
 * The studios (the list and one by slug) and the member's reservations of their live classes. Booking, cancelling
 * and checking in refresh the reservations unless told not to; a failure keeps the ApiError, whose `status` selects
 * the spec §8 copy (`src/i18n`).
 */
function createLiveSlice(ctx: StoreContext) {
  const c = ctx.api;
  const reservations = createResource((s, location?: string) =>
    api.getReservations(c, location, s).then((r) => r.items),
  );
  const write =
    <A>(call: (id: A) => Promise<Reservation>) =>
    async (id: A, options: { refresh?: boolean } = {}) => {
      const answer = await call(id);
      if (options.refresh !== false) void reservations.reload();
      return answer;
    };
  return {
    locations: createResource((s) => api.getLocations(c, s).then((r) => r.items)),
    location: createResource((s, id: string) => api.getLocation(c, id, s)),
    reservations,
    book: createMutation(write((classId: string) => api.bookClass(c, classId))),
    cancel: createMutation(write((reservationId: string) => api.cancelReservation(c, reservationId))),
    checkIn: createMutation(write((reservationId: string) => api.checkInReservation(c, reservationId))),
    reset: () => reservations.reset(),
  };
}
export type LiveSlice = ReturnType<typeof createLiveSlice>;

export const liveSlice: SliceDef<"live", LiveSlice> = { name: "live", create: createLiveSlice };
