import { call, type ApiClient } from "../client.js";
import type { RequestBody, ResponseBody } from "../contract.js";

/** The studio staff API (/studio-admin/v1) as the /studio pages call it, typed from its route schemas. */
export type StaffLocation = ResponseBody<"/studio-admin/v1/me", "get">["locations"][number];
export type Week = ResponseBody<"/studio-admin/v1/locations/{location}/classes", "get">;
export type NewStaffClass = RequestBody<"/studio-admin/v1/locations/{location}/classes", "post">;
export type Template = ResponseBody<"/studio-admin/v1/locations/{location}/templates", "get">["items"][number];
export type NewTemplate = RequestBody<"/studio-admin/v1/locations/{location}/templates", "post">;
export type TemplateChange = RequestBody<"/studio-admin/v1/templates/{id}", "patch">;
export type Roster = ResponseBody<"/studio-admin/v1/classes/{id}/roster", "get">;
export type RosterBooking = Roster["booked"][number];
export type WeekNumbers = ResponseBody<"/studio-admin/v1/locations/{location}/numbers", "get">["weeks"][number];
export type Policy = ResponseBody<"/studio-admin/v1/locations/{location}/policy", "get">;

const auth = true;

export const getStaffMe = (c: ApiClient) => call(c, "get", "/studio-admin/v1/me", { auth });
export const getStaffTrainers = (c: ApiClient) => call(c, "get", "/studio-admin/v1/trainers", { auth });
/** One local week of a location's classes: the week holding `week` (any of its days), this week without one. */
export const getStaffWeek = (c: ApiClient, location: string, week?: string) =>
  call(c, "get", "/studio-admin/v1/locations/{location}/classes", { params: { location }, query: { week }, auth });
export const createStaffClass = (c: ApiClient, location: string, body: NewStaffClass) =>
  call(c, "post", "/studio-admin/v1/locations/{location}/classes", { params: { location }, body, auth });
export const getClassTemplates = (c: ApiClient, location: string) =>
  call(c, "get", "/studio-admin/v1/locations/{location}/templates", { params: { location }, auth });
export const createClassTemplate = (c: ApiClient, location: string, body: NewTemplate) =>
  call(c, "post", "/studio-admin/v1/locations/{location}/templates", { params: { location }, body, auth });
export const updateClassTemplate = (c: ApiClient, id: string, body: TemplateChange) =>
  call(c, "patch", "/studio-admin/v1/templates/{id}", { params: { id }, body, auth });
export const endClassTemplate = (c: ApiClient, id: string) =>
  call(c, "delete", "/studio-admin/v1/templates/{id}", { params: { id }, auth });
export const getClassRoster = (c: ApiClient, classId: string) =>
  call(c, "get", "/studio-admin/v1/classes/{id}/roster", { params: { id: classId }, auth });
export const checkInBooking = (c: ApiClient, classId: string, reservation: string) =>
  call(c, "post", "/studio-admin/v1/classes/{id}/roster/{reservation}/check-in", {
    params: { id: classId, reservation },
    auth,
  });
export const markNoShow = (c: ApiClient, classId: string, reservation: string) =>
  call(c, "post", "/studio-admin/v1/classes/{id}/roster/{reservation}/no-show", {
    params: { id: classId, reservation },
    auth,
  });
export const setClassCapacity = (c: ApiClient, classId: string, capacity: number) =>
  call(c, "put", "/studio-admin/v1/classes/{id}/capacity", { params: { id: classId }, body: { capacity }, auth });
/** Cancels a class (every booked or waiting member is emailed; `notified` counts them), with an optional reason. */
export const cancelStaffClass = (c: ApiClient, classId: string, reason: string) =>
  call(c, "post", "/studio-admin/v1/classes/{id}/cancel", {
    params: { id: classId },
    body: reason ? { reason } : {},
    auth,
  });
export const getStudioNumbers = (c: ApiClient, location: string, weeks: number) =>
  call(c, "get", "/studio-admin/v1/locations/{location}/numbers", { params: { location }, query: { weeks }, auth });
export const getStudioPolicy = (c: ApiClient, location: string) =>
  call(c, "get", "/studio-admin/v1/locations/{location}/policy", { params: { location }, auth });
export const saveStudioPolicy = (c: ApiClient, location: string, policy: Policy) =>
  call(c, "put", "/studio-admin/v1/locations/{location}/policy", { params: { location }, body: policy, auth });
