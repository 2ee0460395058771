// Loaded with `node --import` (NODE_OPTIONS) when FITKIT_TEST_NOW is set: every process of the test run (vitest, its
// global setups, its workers) sees a wall clock that started at that instant and keeps ticking. CI runs the unit and
// API suites this way at awkward instants (late evening in Chicago, a DST-change day) to prove no test depends on
// the hour the run happens to start.
const target = process.env.FITKIT_TEST_NOW;
const marker = Symbol.for("fitkit.clockShift");

if (target && !globalThis[marker]) {
  const RealDate = Date;
  const at = RealDate.parse(target);
  if (Number.isNaN(at)) throw new Error(`FITKIT_TEST_NOW must be an ISO instant, got ${JSON.stringify(target)}`);
  // The first process fixes the offset and hands it down, so the seed (global setup) and the tests share one timeline.
  const offset = Number(process.env.FITKIT_TEST_CLOCK_OFFSET_MS ?? at - RealDate.now());
  process.env.FITKIT_TEST_CLOCK_OFFSET_MS = String(offset);
  const now = () => RealDate.now() + offset;

  globalThis.Date = new Proxy(RealDate, {
    construct: (date, args, newTarget) => Reflect.construct(date, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (date, key, receiver) => (key === "now" ? now : Reflect.get(date, key, receiver)),
  });
  globalThis[marker] = { at, offset };
}
