/** Where video is kept (part of ServerConfig): the data folder, or an S3-compatible bucket. */
export type MediaStorageSettings = { kind: "data-folder" } | S3Settings;

export interface S3Settings {
  kind: "s3";
  /** FITKIT_S3_BUCKET: a bucket of fitkit's own (uploads sit at its top level, beside `videos/`). */
  bucket: string;
  /**
   * FITKIT_S3_ENDPOINT (or the SDK's AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL): an S3-compatible service's origin;
   * unset for Amazon S3 itself.
   */
  endpoint?: string;
  /** FITKIT_S3_REGION, else AWS_REGION / AWS_DEFAULT_REGION; `us-east-1` for an endpoint that names none. */
  region: string;
  /** FITKIT_S3_FORCE_PATH_STYLE: `endpoint/bucket/key` URLs; on by default with an endpoint, as most services need. */
  forcePathStyle: boolean;
  /**
   * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN) when set; otherwise the SDK's own chain
   * (AWS_PROFILE, a container's or an instance's role).
   */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** Amazon's bucket naming rules: 3–63 lowercase letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]{0,40}$/;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const given = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function endpointUrl(name: string, value: string, production: boolean): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol))
    throw new Error(`${name} must be the http(s) origin of an S3-compatible service, got ${value}`);
  if (url.username || url.password)
    throw new Error(`${name} must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead`);
  if (url.pathname !== "/" || url.search || url.hash)
    throw new Error(`${name} must be an origin only (scheme, host and port), got ${value}`);
  if (production && url.protocol === "http:" && !LOOPBACK.has(url.hostname))
    throw new Error(
      `${name} must use https in production (video and signed requests would cross the network in clear)`,
    );
  return url.origin;
}

/**
 * FITKIT_S3_BUCKET moves uploads, renditions and posters from the data folder to an S3-compatible bucket, which every
 * process of one catalogue shares. Incomplete or unsafe settings are refused at start with the fix in the message:
 * another FITKIT_S3_* setting without the bucket, a malformed bucket or endpoint, credentials in the endpoint URL,
 * plain http to another machine in production, half a key pair, an S3-compatible endpoint without keys, or Amazon S3
 * without a region.
 */
export function loadStorageSettings(env: NodeJS.ProcessEnv, production: boolean): MediaStorageSettings {
  const bucket = given(env.FITKIT_S3_BUCKET);
  if (!bucket) {
    const stray = ["FITKIT_S3_ENDPOINT", "FITKIT_S3_REGION", "FITKIT_S3_FORCE_PATH_STYLE"].find((n) => given(env[n]));
    if (stray)
      throw new Error(
        `${stray} is set but FITKIT_S3_BUCKET is not: name the bucket, or unset ${stray} to keep video in the data folder`,
      );
    return { kind: "data-folder" };
  }
  if (!BUCKET.test(bucket) || bucket.includes(".."))
    throw new Error(
      `FITKIT_S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots, hyphens), got ${bucket}`,
    );
  const endpointName = ["FITKIT_S3_ENDPOINT", "AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"].find((n) => given(env[n]));
  const endpoint = endpointName ? endpointUrl(endpointName, given(env[endpointName])!, production) : undefined;
  const region =
    given(env.FITKIT_S3_REGION) ??
    given(env.AWS_REGION) ??
    given(env.AWS_DEFAULT_REGION) ??
    (endpoint ? "us-east-1" : undefined);
  if (!region)
    throw new Error("FITKIT_S3_BUCKET on Amazon S3 needs the bucket's region: set AWS_REGION (or FITKIT_S3_REGION)");
  if (!REGION.test(region)) throw new Error(`FITKIT_S3_REGION must be a region name like eu-west-1, got ${region}`);
  const accessKeyId = given(env.AWS_ACCESS_KEY_ID);
  const secretAccessKey = given(env.AWS_SECRET_ACCESS_KEY);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together");
  if (endpoint && !accessKeyId && !given(env.AWS_PROFILE))
    throw new Error(
      `FITKIT_S3_BUCKET at ${endpoint} needs the service's keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or AWS_PROFILE)`,
    );
  const pathStyle = given(env.FITKIT_S3_FORCE_PATH_STYLE);
  if (pathStyle !== undefined && pathStyle !== "1" && pathStyle !== "0")
    throw new Error(`FITKIT_S3_FORCE_PATH_STYLE must be 1 or 0, got ${pathStyle}`);
  const sessionToken = given(env.AWS_SESSION_TOKEN);
  return {
    kind: "s3",
    bucket,
    ...(endpoint ? { endpoint } : {}),
    region,
    forcePathStyle: pathStyle === undefined ? Boolean(endpoint) : pathStyle === "1",
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
  };
}
