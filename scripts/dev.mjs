#!/usr/bin/env node
// Watch mode: rebuilds widgets and the app on change (rollup --watch) and restarts the server on change (tsx watch).
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const run = (args) => spawn(process.execPath, args, { cwd: root, stdio: "inherit" });
const children = [
  run([join(root, "node_modules", "rollup", "dist", "bin", "rollup"), "-c", "--watch"]),
  run(["--import", "tsx", "--watch", "--watch-path=host/server", "--watch-path=src", "host/server/main.ts"]),
];
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => children.forEach((c) => c.kill(signal)));
