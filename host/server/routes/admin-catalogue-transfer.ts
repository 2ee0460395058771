import type { FastifyInstance } from "fastify";
import type { RouteOptions } from "../context.js";
import { memberOf } from "../context.js";
import { errorBody, HttpError } from "../errors.js";
import { errorBodySchema, errorSchema, exactObject, memberSecurity, strictObject } from "../schemas.js";
import { catalogueCsv, catalogueRowSchema, MAX_ROWS, readCsv, readJson } from "../services/catalogue-file.js";
import { importReportSchema } from "../services/catalogue-transfer.js";
import { rejectUnstorableText } from "./reject-unstorable-text.js";
import { typed } from "./typed.js";

/** Largest catalogue file an import reads: thousands of workouts with long descriptions fit. */
const IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

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
                schema: exactObject({ workouts: { type: "array", items: catalogueRowSchema } }),
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
        querystring: exactObject({ dryRun: { type: "boolean" } }),
        body: {
          content: {
            "text/csv": { schema: { type: "string", description: "the CSV file, UTF-8, with a header row" } },
            "application/json": {
              schema: exactObject({
                workouts: {
                  type: "array",
                  maxItems: MAX_ROWS,
                  description: "rows with the export's columns; a column left out keeps the workout's value",
                  items: {},
                },
              }),
            },
          },
        },
        response: {
          200: importReportSchema,
          422: {
            ...strictObject({ ...errorBodySchema.properties, report: importReportSchema }, [
              ...errorBodySchema.required,
              "report",
            ]),
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
