import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { badRequest, forbidden } from "../errors.js";
import { webCallLink } from "../../../src/domain/classes.js";
import { errorSchema, exactObject, memberSecurity, noBody, strictObject } from "../schemas.js";
import { OWNER_ONLY, type StaffLocation } from "../services/studio-access.js";
import { typed } from "./typed.js";
import { bookingSchema, waitingSchema } from "../services/studio-desk.js";
import { policySchema, weekNumbersSchema } from "../services/studio-numbers.js";
import { cancelledClassSchema, classSchema, templateSchema } from "../services/studio-schedule.js";

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;

const idSchema = { type: "string", minLength: 1, maxLength: 128, pattern: "^[a-z0-9][a-z0-9-]*$" } as const;
const locationParam = exactObject({ location: { type: "string", minLength: 1, maxLength: 100 } });
const classParam = exactObject({ id: idSchema });
const reservationParam = exactObject({ id: idSchema, reservation: { type: "string", format: "uuid" } });

const localDate = { type: "string", format: "date", description: "YYYY-MM-DD, a day that exists" } as const;
const localTime = {
  type: "string",
  pattern: "^([01]\\d|2[0-3]):[0-5]\\d$",
  description: "HH:MM, local to the location",
} as const;
const trainerId = { type: "string", minLength: 1, maxLength: 100 } as const;
const classType = { type: "string", format: "label", minLength: 1, maxLength: 80 } as const;
const room = { type: "string", format: "label", minLength: 1, maxLength: 60 } as const;
const capacity = { type: "integer", minimum: 1, maximum: 500 } as const;
const waitlistCapacity = { type: "integer", minimum: 0, maximum: 200 } as const;
const description = { type: "string", format: "text", maxLength: 2000 } as const;
const equipment = {
  type: "array",
  maxItems: 20,
  items: { type: "string", format: "label", minLength: 1, maxLength: 60 },
} as const;
const videoCallUrl = {
  type: ["string", "null"],
  format: "uri",
  maxLength: 500,
  description: "https (http outside production); {class_id} is replaced by each class's id",
} as const;

/**
 * Issue 33: `format: "uri"` takes any scheme, `javascript:` included; a video-call link members follow must be a web
 * address (https, or http outside production), else the class is refused before it is stored.
 */
function assertCallLink(url: string | null | undefined, production: boolean) {
  if (url && !webCallLink(url, !production))
    throw badRequest(
      production
        ? "video_call_url must be an https:// address"
        : "video_call_url must be an https:// (or, outside production, http://) address",
    );
}
const weekdays = {
  type: "array",
  minItems: 1,
  maxItems: 7,
  items: { type: "integer", minimum: 1, maximum: 7 },
  description: "ISO weekdays, 1 = Monday … 7 = Sunday",
} as const;

const templateFields = {
  weekdays,
  start_time: localTime,
  duration: { type: "integer", minimum: 5, maximum: 480, description: "minutes" },
  class_type: classType,
  trainer_id: trainerId,
  capacity,
  room,
  waitlist_capacity: { type: ["integer", "null"], minimum: 0, maximum: 200 },
  description,
  equipment,
  video_call_url: videoCallUrl,
} as const;

const oneOffFields = {
  date: localDate,
  start_time: localTime,
  end_time: localTime,
  class_type: classType,
  trainer_id: trainerId,
  capacity,
  room,
  waitlist_capacity: waitlistCapacity,
  description,
  equipment,
  video_call_url: videoCallUrl,
} as const;

const locationRef = exactObject({ id: string, slug: string, name: string, time_zone: string });

const staffLocation = exactObject({
  id: string,
  slug: string,
  name: string,
  kind: string,
  time_zone: string,
  role: { type: "string", enum: ["staff", "owner"] },
});

/**
 * What a staff route needs: staff anywhere (the trainer list); staff of the location named in the path, of a class's
 * or a template's location (`:id`); or an owner of the location.
 */
type StaffScope = "staff" | "location" | "class" | "template" | "owner";

const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ["studio-admin"];

/**
 * The studio staff API (issue 18): a location's schedule (weekly templates and one-off classes), cancelling a class,
 * its capacity, its roster with desk check-in and no-shows, the weekly numbers, and the booking policy. Every route
 * needs a member who is staff (or owner) of the location of what it touches: another location's → 403, an unknown
 * one → 404.
 */
export async function studioAdminRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const { studioAccess: access, studioSchedule: schedule, studioDesk: desk, studioNumbers: numbers } = app.services;
  const guarded = { onRequest: app.requireMember } as const;
  const me = (request: Parameters<typeof memberOf>[0]) => memberOf(request).id;
  // Every staff route's access check, once, as its preHandler (after validation, as the checks ran before): the
  // location of what the route touches, resolved and checked here, is what the handler reads (locationOf).
  const resolved = new WeakMap<FastifyRequest, StaffLocation>();
  const staffOnly = (scope: StaffScope) => ({
    ...guarded,
    preHandler: async (request: FastifyRequest) => {
      const { location, id } = request.params as { location?: string; id?: string };
      const user = me(request);
      if (scope === "staff") return access.requireStaff(user);
      const found =
        scope === "class"
          ? await access.requireClass(user, id!)
          : scope === "template"
            ? await access.requireTemplate(user, id!)
            : await access.requireLocation(user, location!);
      if (scope === "owner" && found.role !== "owner") throw forbidden(OWNER_ONLY);
      resolved.set(request, found);
    },
  });
  const locationOf = (request: FastifyRequest) => resolved.get(request)!;

  app.get(
    "/me",
    {
      ...guarded,
      schema: {
        tags,
        security: memberSecurity,
        summary: "The locations the caller works at and their role there (empty for a member who is not staff)",
        response: {
          200: exactObject({ locations: { type: "array", items: staffLocation } }),
          401: errorSchema,
        },
      },
    },
    async (request) => ({ locations: await access.locations(me(request)) }),
  );

  app.get(
    "/trainers",
    {
      ...staffOnly("staff"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Trainers a class can be given (staff only)",
        response: {
          200: exactObject({ items: { type: "array", items: exactObject({ id: string, name: string }) } }),
          ...refusals,
        },
      },
    },
    async () => ({ items: await schedule.trainers() }),
  );

  app.get(
    "/locations/:location/classes",
    {
      ...staffOnly("location"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "One local week (Monday to Sunday) of a location's classes, cancelled ones included",
        params: locationParam,
        querystring: strictObject({ week: { ...localDate, description: "any day of the week; default this week" } }),
        response: {
          200: exactObject({
            location: locationRef,
            week_start: string,
            today: string,
            days: { type: "array", items: string },
            items: { type: "array", items: classSchema },
          }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const location = locationOf(request);
      return schedule.week(location, request.query.week);
    },
  );

  app.post(
    "/locations/:location/classes",
    {
      ...staffOnly("location"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Add a one-off class (local date and times); it is on the public schedule at once",
        params: locationParam,
        body: strictObject(oneOffFields, [
          "date",
          "start_time",
          "end_time",
          "class_type",
          "trainer_id",
          "capacity",
          "room",
        ]),
        response: { 200: classSchema, ...refusals },
      },
    },
    async (request) => {
      assertCallLink(request.body.video_call_url, ctx.config.production);
      const location = locationOf(request);
      return schedule.createClass(location, request.body);
    },
  );

  app.patch(
    "/classes/:id",
    {
      ...staffOnly("class"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Change one class (time only while nobody is booked or waiting: 409); capacity has its own call",
        params: classParam,
        body: strictObject({
          date: localDate,
          start_time: localTime,
          end_time: localTime,
          class_type: classType,
          trainer_id: trainerId,
          room,
          description,
          equipment,
        }),
        response: { 200: classSchema, ...refusals, 409: errorSchema },
      },
    },
    async (request) => {
      const location = locationOf(request);
      return schedule.updateClass(location, request.params.id, request.body);
    },
  );

  app.put(
    "/classes/:id/capacity",
    {
      ...staffOnly("class"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Set a class's capacity: never below the booked count (400); raising it opens spots to the waitlist",
        params: classParam,
        body: exactObject({ capacity }),
        response: { 200: classSchema, ...refusals },
      },
    },
    async (request) => {
      return desk.setCapacity(request.params.id, request.body.capacity);
    },
  );

  app.post(
    "/classes/:id/cancel",
    {
      ...staffOnly("class"),
      schema: {
        tags,
        security: memberSecurity,
        summary:
          "Cancel a class: bookings and waitlist released, every affected member emailed, gone from the schedule",
        params: classParam,
        body: {
          ...strictObject({ reason: { type: "string", format: "text", maxLength: 300 } }),
          type: ["object", "null"],
        },
        response: { 200: cancelledClassSchema, ...refusals },
      },
    },
    async (request) => {
      return desk.cancelClass(request.params.id, request.body?.reason);
    },
  );

  app.get(
    "/classes/:id/roster",
    {
      ...staffOnly("class"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Who is booked, checked in, late-cancelled or a no-show, and the waitlist in order",
        params: classParam,
        response: {
          200: exactObject({
            class: classSchema,
            booked: { type: "array", items: bookingSchema },
            waitlist: { type: "array", items: waitingSchema },
            counts: exactObject({
              booked: integer,
              checked_in: integer,
              no_show: integer,
              late_cancel: integer,
              waitlisted: integer,
            }),
          }),
          ...refusals,
        },
      },
    },
    async (request) => {
      return desk.roster(request.params.id);
    },
  );

  app.post(
    "/classes/:id/roster/:reservation/check-in",
    {
      ...staffOnly("class"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Check a booked member in at the desk (status check in), from 15 minutes before the start",
        params: reservationParam,
        body: noBody,
        response: { 200: bookingSchema, ...refusals },
      },
    },
    async (request) => {
      return desk.checkIn(request.params.id, request.params.reservation);
    },
  );

  app.post(
    "/classes/:id/roster/:reservation/no-show",
    {
      ...staffOnly("class"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Mark a booked member who did not check in as a no-show, once the class has ended",
        params: reservationParam,
        body: noBody,
        response: { 200: bookingSchema, ...refusals },
      },
    },
    async (request) => {
      return desk.markNoShow(request.params.id, request.params.reservation);
    },
  );

  app.get(
    "/locations/:location/templates",
    {
      ...staffOnly("location"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "The location's weekly class templates",
        params: locationParam,
        response: { 200: exactObject({ items: { type: "array", items: templateSchema } }), ...refusals },
      },
    },
    async (request) => {
      const location = locationOf(request);
      return { items: await schedule.listTemplates(location) };
    },
  );

  app.post(
    "/locations/:location/templates",
    {
      ...staffOnly("location"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Add a weekly class; its classes of the next 30 days are on the public schedule at once",
        params: locationParam,
        body: strictObject(templateFields, [
          "weekdays",
          "start_time",
          "duration",
          "class_type",
          "trainer_id",
          "capacity",
          "room",
        ]),
        response: { 200: templateSchema, ...refusals },
      },
    },
    async (request) => {
      assertCallLink(request.body.video_call_url, ctx.config.production);
      const location = locationOf(request);
      return schedule.createTemplate(location, request.body);
    },
  );

  app.patch(
    "/templates/:id",
    {
      ...staffOnly("template"),
      schema: {
        tags,
        security: memberSecurity,
        summary:
          "Change a weekly class: its upcoming classes nobody booked follow at once; booked ones keep their time",
        params: classParam,
        body: strictObject(templateFields),
        response: { 200: templateSchema, ...refusals },
      },
    },
    async (request) => {
      assertCallLink(request.body.video_call_url, ctx.config.production);
      const location = locationOf(request);
      return schedule.updateTemplate(location, request.params.id, request.body);
    },
  );

  app.delete(
    "/templates/:id",
    {
      ...staffOnly("template"),
      schema: {
        tags,
        security: memberSecurity,
        summary:
          "End a weekly class: its unbooked upcoming classes leave the schedule; booked ones stay (kept_classes)",
        params: classParam,
        response: {
          200: exactObject({ success: { type: "boolean", const: true }, kept_classes: integer }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const location = locationOf(request);
      return schedule.deleteTemplate(location, request.params.id);
    },
  );

  app.get(
    "/locations/:location/numbers",
    {
      ...staffOnly("location"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Per local week: fill rate of the classes that ran, waitlist conversions, late cancels, no-shows",
        params: locationParam,
        querystring: strictObject({ weeks: { type: "integer", minimum: 1, maximum: 26, default: 8 } }),
        response: {
          200: exactObject({ location: locationRef, weeks: { type: "array", items: weekNumbersSchema } }),
          ...refusals,
        },
      },
    },
    async (request) => {
      const location = locationOf(request);
      return {
        location,
        weeks: await numbers.weekly(location, request.query.weeks),
      };
    },
  );

  app.get(
    "/locations/:location/policy",
    {
      ...staffOnly("location"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "The location's booking policy",
        params: locationParam,
        response: { 200: policySchema, ...refusals },
      },
    },
    async (request) => {
      const location = locationOf(request);
      return numbers.policy(location.id);
    },
  );

  app.put(
    "/locations/:location/policy",
    {
      ...staffOnly("owner"),
      schema: {
        tags,
        security: memberSecurity,
        summary: "Set the location's booking policy (owners only: staff → 403)",
        params: locationParam,
        body: policySchema,
        response: { 200: policySchema, ...refusals },
      },
    },
    async (request) => {
      const location = locationOf(request);
      return numbers.setPolicy(location.id, request.body);
    },
  );
}
