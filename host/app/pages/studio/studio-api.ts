import type { ApiClient } from "../../../../src/api/client.js";

/** The studio staff API (host/server/routes/studio-admin.ts) as the /studio pages call it. */
const BASE = "/studio-admin/v1";
const enc = encodeURIComponent;

export interface StaffLocation {
  id: string;
  slug: string;
  name: string;
  kind: string;
  time_zone: string;
  role: "staff" | "owner";
}

export interface StaffClass {
  id: string;
  template_id: string | null;
  local_date: string;
  start_time: string;
  end_time: string;
  start_at: string;
  duration: number;
  class_type: string;
  trainer: { id: string; name: string } | null;
  capacity: number;
  booked: number;
  waitlisted: number;
  room: string;
  started: boolean;
  ended: boolean;
  cancelled: boolean;
  cancel_reason: string | null;
}

export interface Week {
  week_start: string;
  today: string;
  days: string[];
  items: StaffClass[];
}

export interface Template {
  id: string;
  weekdays: number[];
  start_time: string;
  duration: number;
  class_type: string;
  trainer: { id: string; name: string } | null;
  capacity: number;
  room: string;
}

export interface RosterBooking {
  reservation_id: string;
  name: string;
  email: string;
  status: string;
  state: "booked" | "checked_in" | "no_show" | "late_cancel" | "cancelled";
  from_waitlist: boolean;
}

export interface Roster {
  class: StaffClass;
  booked: RosterBooking[];
  waitlist: { entry_id: string; name: string; email: string; position: number }[];
  counts: { booked: number; checked_in: number; no_show: number; late_cancel: number; waitlisted: number };
}

export interface WeekNumbers {
  week_start: string;
  classes_run: number;
  capacity: number;
  booked: number;
  fill_rate: number | null;
  waitlist_conversions: number;
  late_cancels: number;
  no_shows: number;
}

export interface Policy {
  booking_window_days: number;
  late_cancel_minutes: number;
  auto_book_cutoff_minutes: number;
  max_open_bookings: number | null;
  waitlist_capacity: number;
}

function get<T>(api: ApiClient, path: string, query?: Record<string, string | number | undefined>) {
  return api.request<T>(BASE + path, { auth: true, query });
}
function send<T>(api: ApiClient, method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) {
  return api.request<T>(BASE + path, { method, auth: true, body });
}

export const staffApi = {
  me: (api: ApiClient) => get<{ locations: StaffLocation[] }>(api, "/me"),
  trainers: (api: ApiClient) => get<{ items: { id: string; name: string }[] }>(api, "/trainers"),
  week: (api: ApiClient, location: string, week?: string) =>
    get<Week>(api, `/locations/${enc(location)}/classes`, { week }),
  createClass: (api: ApiClient, location: string, body: Record<string, unknown>) =>
    send<StaffClass>(api, "POST", `/locations/${enc(location)}/classes`, body),
  templates: (api: ApiClient, location: string) =>
    get<{ items: Template[] }>(api, `/locations/${enc(location)}/templates`),
  createTemplate: (api: ApiClient, location: string, body: Record<string, unknown>) =>
    send<Template>(api, "POST", `/locations/${enc(location)}/templates`, body),
  updateTemplate: (api: ApiClient, id: string, body: Record<string, unknown>) =>
    send<Template>(api, "PATCH", `/templates/${enc(id)}`, body),
  endTemplate: (api: ApiClient, id: string) => send<{ kept_classes: number }>(api, "DELETE", `/templates/${enc(id)}`),
  roster: (api: ApiClient, classId: string) => get<Roster>(api, `/classes/${enc(classId)}/roster`),
  checkIn: (api: ApiClient, classId: string, reservation: string) =>
    send<RosterBooking>(api, "POST", `/classes/${enc(classId)}/roster/${enc(reservation)}/check-in`),
  noShow: (api: ApiClient, classId: string, reservation: string) =>
    send<RosterBooking>(api, "POST", `/classes/${enc(classId)}/roster/${enc(reservation)}/no-show`),
  capacity: (api: ApiClient, classId: string, capacity: number) =>
    send<StaffClass>(api, "PUT", `/classes/${enc(classId)}/capacity`, { capacity }),
  cancel: (api: ApiClient, classId: string, reason: string) =>
    send<StaffClass & { notified: number }>(api, "POST", `/classes/${enc(classId)}/cancel`, reason ? { reason } : {}),
  numbers: (api: ApiClient, location: string, weeks: number) =>
    get<{ weeks: WeekNumbers[] }>(api, `/locations/${enc(location)}/numbers`, { weeks }),
  policy: (api: ApiClient, location: string) => get<Policy>(api, `/locations/${enc(location)}/policy`),
  setPolicy: (api: ApiClient, location: string, policy: Policy) =>
    send<Policy>(api, "PUT", `/locations/${enc(location)}/policy`, policy),
};
