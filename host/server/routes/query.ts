/**
 * A query-string schema: named parameters are validated (and coerced); other parameters (cache busters) are ignored.
 */
export function queryObject<const P extends Record<string, object>>(properties: P) {
  return { type: "object", properties } as const;
}
