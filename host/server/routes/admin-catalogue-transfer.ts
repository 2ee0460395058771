import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { errorBody, HttpError } from "../errors.js";
import { errorSchema, memberSecurity, strictObject } from "../schemas.js";
import { CATALOGUE_COLUMNS, catalogueCsv, MAX_ROWS, readCsv, readJson } from "../services/catalogue-file.js";
import { workoutFieldSchemas } from "../services/workout-rules.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { typed } from "./typed.js";

/** Largest catalogue file an import reads: thousands of workouts with long descriptions fit. */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

const string = { type: "string" } as const;
const strings = { type: "array", items: string } as const;
const integer = { type: "integer" } as const;
const nullableString = { type: ["string", "null"] } as const;

/** A row of the JSON file (the CSV file's columns, lists as arrays). */
const catalogueRow = strictObject(
  {
    slug: string,
    name: string,
    description: string,
    type: workoutFieldSchemas.type,
    level: string,
    pacing: string,
    video_minutes: integer,
    equipment: strings,
    focus: strings,
    benefits: strings,
    strain: strings,
    poster_url: string,
    breakdown: workoutFieldSchemas.breakdown,
    trainers: { ...strings, description: "trainer slugs, in order" },
    categories: { ...strings, description: "category slugs" },
    collections: { ...strings, description: "collection slugs" },
    status: { type: "string", enum: ["draft", "scheduled", "published", "archived"] },
    release_at: {
      type: ["string", "null"],
      description: "ISO 8601 with an offset: a scheduled workout's release, or when a released one was",
    },
    release_zone: { type: ["string", "null"], description: "IANA time zone the release reads in" },
  },
  CATALOGUE_COLUMNS,
);

const problem = strictObject({ field: nullableString, message: string }, ["field", "message"]);
const importReport = strictObject(
  {
    dry_run: { type: "boolean" },
    imported: { type: "boolean", description: "whether the rows were written" },
    rows: {
      type: "array",
      items: strictObject(
        {
          index: { ...integer, description: "the row's position among the file's rows, from 0" },
          line: { type: ["integer", "null"], description: "the CSV line the row starts on (null for JSON)" },
          slug: nullableString,
          action: { type: ["string", "null"], enum: ["create", "update", "unchanged", null] },
          problems: { type: "array", items: problem },
        },
        ["index", "line", "slug", "action", "problems"],
      ),
    },
    summary: strictObject({ rows: integer, create: integer, update: integer, unchanged: integer, problems: integer }, [
      "rows",
      "create",
      "update",
      "unchanged",
      "problems",
    ]),
  },
  ["dry_run", "imported", "rows", "summary"],
);

const refusals = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
};

/**
 * Moving a catalogue in and out of the console (/admin/v1/catalogue): the export, every workout in every state as CSV
 * or JSON, for every role; the import of the same file for admins and editors, with a dry run. The console's gate
 * (admin.ts) is applied here too: a signed-in member (401) with a company role covering the route's area (403).
 */
export async function adminCatalogueTransferRoutes(instance: FastifyInstance, { ctx }: RouteOptions) {
  const app = typed(instance);
  const { operatorAccess: access, catalogueTransfer: transfer } = app.services;

  app.addHook("onRequest", app.requireMember);
  app.addHook("preHandler", async (request) => {
    await access.require(memberOf(request).id, request.routeOptions.config.consoleArea ?? "read");
  });
  // A CSV file arrives as text; the import reads it (a JSON file is parsed by the server's JSON parser).
  app.addContentTypeParser("text/csv", { parseAs: "string" }, (_request, body, done) => done(null, body));
  const common = { tags: ["admin"], security: memberSecurity };

  app.get(
    "/catalogue/export",
    {
      schema: {
        ...common,
        summary:
          "Every workout in every state as a file to download: CSV (a header row, lists `;`-separated) or JSON " +
          '(`{"workouts": [row, …]}`), the shape the import reads',
        querystring: strictObject({ format: { type: "string", enum: ["csv", "json"], default: "csv" } }),
        response: {
          200: {
            description: "The catalogue file (Content-Disposition: attachment)",
            content: {
              "text/csv": { schema: { type: "string" } },
              "application/json": {
                schema: strictObject({ workouts: { type: "array", items: catalogueRow } }, ["workouts"]),
              },
            },
          },
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const format = request.query.format;
      const rows = await transfer.export();
      const day = ctx.clock.now().toISOString().slice(0, 10);
      reply
        .header("content-disposition", `attachment; filename="fitkit-catalogue-${day}.${format}"`)
        .header("cache-control", "no-store");
      if (format === "csv") return reply.type("text/csv; charset=utf-8").send(catalogueCsv(rows));
      return reply.type("application/json; charset=utf-8").send({ workouts: rows });
    },
  );

  app.post(
    "/catalogue/import",
    {
      config: { consoleArea: "catalogue" },
      bodyLimit: IMPORT_BODY_LIMIT,
      preValidation: rejectUnstorableText,
      schema: {
        ...common,
        summary:
          "Import a catalogue file (the export's CSV or JSON): rows matched by slug are updated, new ones created " +
          "(a draft unless the row gives a state). `dryRun=true` writes nothing and reports what each row would do " +
          "and every problem; `dryRun=false` writes every row in one transaction, or nothing (422 with the report) " +
          "when any row has a problem",
        querystring: strictObject({ dryRun: { type: "boolean" } }, ["dryRun"]),
        body: {
          content: {
            "text/csv": { schema: { type: "string", description: "the CSV file, UTF-8, with a header row" } },
            "application/json": {
              schema: strictObject(
                {
                  workouts: {
                    type: "array",
                    maxItems: MAX_ROWS,
                    description: "rows with the export's columns; a column left out keeps the workout's value",
                    items: {},
                  },
                },
                ["workouts"],
              ),
            },
          },
        },
        response: {
          200: importReport,
          422: {
            ...strictObject(
              {
                statusCode: integer,
                error: string,
                message: string,
                report: importReport,
              },
              ["statusCode", "error", "message", "report"],
            ),
            description: "A row has a problem: nothing was written; the report lists every row's problems",
          },
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (type !== "text/csv" && type !== "application/json")
        throw new HttpError(415, "Send the catalogue file as text/csv or application/json.");
      const rows = typeof request.body === "string" ? readCsv(request.body) : readJson(request.body);
      const member = memberOf(request);
      const result = await transfer.import({ id: member.id, email: member.email }, rows, request.query.dryRun);
      if (!result.dry_run && !result.imported) {
        const n = result.summary.problems;
        return reply.status(422).send({
          ...errorBody(422, `${n} ${n === 1 ? "row has a problem" : "rows have problems"}: nothing was imported.`),
          report: result,
        });
      }
      return result;
    },
  );
}
