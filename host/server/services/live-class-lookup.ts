import { sql } from "kysely";
import type { Db } from "../db/index.js";
import { type Answer, exactObject } from "../schemas.js";

/** How a history row shows an attended live class (reservations and live_classes belong to the studios domain). */
const string = { type: "string" } as const;

/** What history shows of an attended live class. */
export const liveClassSummarySchema = exactObject({
  id: string,
  name: string,
  type: string,
  description: string,
  duration: { type: "number", description: "Minutes." },
  live: { type: "boolean", const: true },
  start_date: string,
  end_date: string,
  location_id: string,
  trainer_name: string,
  trainer_image_url: string,
});
export type LiveClassSummary = Answer<typeof liveClassSummarySchema>;

export async function liveClassSummaries(db: Db, ids: string[]): Promise<Map<string, LiveClassSummary>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const { rows } = await sql<{
    id: string;
    class_type: string;
    description: string;
    duration: number;
    start_at: Date;
    end_at: Date;
    location_id: string;
    trainer_name: string | null;
    trainer_image_url: string | null;
  }>`select c.id, c.class_type, c.description, c.duration, c.start_at, c.end_at, c.location_id,
            t.name as trainer_name, t.image_url as trainer_image_url
       from live_classes c left join trainers t on t.id = c.trainer_id
      where c.id = any(${wanted}::text[])`.execute(db);
  return new Map(
    rows.map((c) => [
      c.id,
      {
        id: c.id,
        name: c.class_type,
        type: c.class_type,
        description: c.description,
        duration: c.duration,
        live: true,
        start_date: new Date(c.start_at).toISOString(),
        end_date: new Date(c.end_at).toISOString(),
        location_id: c.location_id,
        trainer_name: c.trainer_name ?? "",
        trainer_image_url: c.trainer_image_url ?? "",
      },
    ]),
  );
}
