import { loadConfig } from "./config.js";
import { createServer } from "./server.js";
import { DEMO_MEMBERS, DEMO_PASSWORD } from "./db/seed/members.js";

const config = loadConfig();
const started = performance.now();
const app = await createServer(config);
const address = await app.listen({ port: config.port, host: config.host });
const url = config.host === "0.0.0.0" ? `http://localhost:${new URL(address).port}` : address;

const lines = [
  `fitkit is running at ${url}  (started in ${Math.round(performance.now() - started)} ms)`,
  `  database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`}`,
  `  API docs: ${url}/docs${config.devMail ? `   outbox: ${url}/dev/mail` : ""}`,
  `  demo accounts (password "${DEMO_PASSWORD}"):`,
  ...DEMO_MEMBERS.map((m) => `    ${m.email.padEnd(30)} ${m.about}`),
];
process.stdout.write(`${lines.join("\n")}\n`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
