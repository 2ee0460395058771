import type { Db } from "../db/index.js";
import type { StaffRole } from "../db/tables/studios.js";
import { forbidden, notFound } from "../errors.js";

/** A location the caller works at, with their role there. */
export interface StaffLocation {
  id: string;
  slug: string;
  name: string;
  kind: string;
  time_zone: string;
  role: StaffRole;
}

// The staff API's refusals carry codes (docs/api.md) the studio pages translate by.
const NOT_STAFF = { message: "You are not studio staff.", code: "not_staff" };
const NOT_YOUR_LOCATION = { message: "You are not staff at this location.", code: "not_your_location" };
export const OWNER_ONLY = {
  message: "Only an owner of this location can change its booking policy.",
  code: "owner_only",
};

/**
 * Who may touch what in the studio admin API: staff work the locations listed for them in studio_staff (a 'staff'
 * row is one location, an 'owner' has one row per location of the franchise). Every staff route resolves the
 * location of what it touches (a location, a class, a template) and asks here; a location the caller does not work at
 * is refused with 403, an unknown one with 404.
 */
export class StudioAccess {
  constructor(private readonly db: Db) {}

  /** The locations the user works at, in the schedule's order; empty for a member who is not staff. */
  async locations(userId: string): Promise<StaffLocation[]> {
    return this.db
      .selectFrom("studio_staff as s")
      .innerJoin("locations as l", "l.id", "s.location_id")
      .select(["l.id", "l.slug", "l.name", "l.kind", "l.time_zone", "s.role"])
      .where("s.user_id", "=", userId)
      .orderBy("l.sort_order")
      .orderBy("l.id")
      .execute();
  }

  /** Refuses a member who works at no location (routes that touch no one location: the trainer list). */
  async requireStaff(userId: string): Promise<void> {
    const row = await this.db
      .selectFrom("studio_staff")
      .select("role")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!row) throw forbidden(NOT_STAFF);
  }

  /** A location by id or slug the user works at; 404 when unknown, 403 when it is not theirs. */
  async requireLocation(userId: string, idOrSlug: string, db: Db = this.db): Promise<StaffLocation> {
    const location = await db
      .selectFrom("locations as l")
      .leftJoin("studio_staff as s", (join) => join.onRef("s.location_id", "=", "l.id").on("s.user_id", "=", userId))
      .select(["l.id", "l.slug", "l.name", "l.kind", "l.time_zone", "s.role"])
      .where((eb) => eb.or([eb("l.id", "=", idOrSlug), eb("l.slug", "=", idOrSlug)]))
      .executeTakeFirst();
    if (!location) throw notFound({ message: "Location not found", code: "location_not_found" });
    if (!location.role) throw forbidden(NOT_YOUR_LOCATION);
    return { ...location, role: location.role };
  }

  /** The location of a class the user may manage; 404 for an unknown class, 403 for another location's. */
  async requireClass(userId: string, classId: string, db: Db = this.db): Promise<StaffLocation> {
    const found = await db
      .selectFrom("live_classes")
      .select("location_id")
      .where("id", "=", classId)
      .executeTakeFirst();
    if (!found) throw notFound({ message: "Class not found", code: "class_not_found" });
    return this.requireLocation(userId, found.location_id, db);
  }

  /** The location of a template the user may manage; 404 for an unknown template, 403 for another location's. */
  async requireTemplate(userId: string, templateId: string, db: Db = this.db): Promise<StaffLocation> {
    const found = await db
      .selectFrom("schedule_templates")
      .select("location_id")
      .where("id", "=", templateId)
      .executeTakeFirst();
    if (!found) throw notFound({ message: "Template not found", code: "template_not_found" });
    return this.requireLocation(userId, found.location_id, db);
  }
}
