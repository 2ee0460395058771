import { findLiterals } from "./tests/unit/app-copy-literals.ts";
const f = findLiterals("host/app");
for (const l of f) console.log(`${l.file}:${l.line} ${JSON.stringify(l.text)}`);
console.error(f.length);
