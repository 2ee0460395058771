// Shapes of every call in the API contract (shared/design/api-contract.md) and the spec's entities (section 3).
// Field names are the wire names; timestamps are ISO-8601 strings.
// The aliases onto RequestBody / ResponseBody are the generated contract (contract.gen.ts, from the route schemas);
// the interfaces are still written by hand where the route schemas do not yet describe the shape as exactly.
import type { RequestBody, ResponseBody } from "./contract.js";
import type { AvoidKey, StrainTag } from "../domain/avoid.js";

/** The contract's error body. */
export interface ErrorBody {
  statusCode: number;
  message: string | string[];
  error: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface Success {
  success: true;
}

// ---- auth and identity ----
export type TokenPair = ResponseBody<"/api/auth/refresh-token", "post">;
export interface SessionAnswer extends TokenPair {
  success: true;
  user: { id: string; email: string; createdAt: string };
}
export type SignUpRequest = RequestBody<"/api/auth/sign-up/email", "post">;
export interface Claims {
  sub: string;
  given_name: string;
  family_name: string;
  email: string;
  is_trial: boolean | string;
  "custom:is_vip"?: "true";
  /** A JSON text list, e.g. `["digital"]`. */
  entitlements: string;
  unentitled_status?: "previously_entitled" | string;
  is_paused?: "true";
}
/** GET/PUT /user/v1/attribute/profile. */
export type Profile = ResponseBody<"/user/v1/attribute/profile", "get">;
export type ProfileChange = RequestBody<"/user/v1/attribute/profile", "put">;
/** GET /v2/user/calendar-feed: the member's private feed URLs. */
export type CalendarFeed = ResponseBody<"/v2/user/calendar-feed", "get">;

// ---- config and content ----
export interface AppConfig {
  environment: string;
  apiBase: string;
  video: { provider: string; envKey?: string };
  music: { provider: string };
  auth: Record<string, unknown>;
  analytics: { segmentWriteKey?: string; [key: string]: unknown };
  features: { referral?: boolean; multiSubscription?: boolean; [key: string]: boolean | undefined };
  /** Origins of sites embedding the widgets (FITKIT_ALLOWED_ORIGINS), trusted by the booking popup hand-off. */
  embedOrigins?: string[];
  /**
   * Where a visitor starts a membership: an external store's URL, or null for the in-app funnel (sign-up, then join).
   */
  store?: { url: string | null };
  /** The payment provider taking cards (`sandbox` accepts the published test cards). */
  billing?: { provider: "sandbox" | "stripe" | "off" };
}
export interface WorkoutCategory {
  slug: string;
  name: string;
  description: string;
  order: number;
  seo: { data: Record<string, unknown> };
}
export interface Collection {
  id: string;
  slug: string;
  name: string;
  [key: string]: unknown;
}
export interface Location {
  id: string;
  slug: string;
  name: string;
  kind: "studio" | "virtual";
  time_zone: string;
  [key: string]: unknown;
}
export type ContentKey = "coachMark" | "welcome" | "faq" | "dynamic";
/** Content lists answer `{items, total}`; single entries answer the object itself. */
export type ContentAnswer<T = Record<string, unknown>> = Page<T> | T;

// ---- workouts ----
export interface Trainer {
  id: string;
  slug: string;
  name: string;
  image_url: string | null;
}
export interface Workout {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string[];
  type: "workout" | "walk" | "rest";
  level: string;
  pacing: string;
  trainers: Trainer[];
  equipment: string[];
  /** What the workout loads or involves (avoid filters); absent from servers before them. */
  strain?: StrainTag[];
  focusMember: string[];
  benefits: string[];
  collections: { id: string; slug: string; name: string }[];
  live: boolean;
  start_date: string | null;
  created_at: string;
  /** Minutes. */
  duration: number;
  video: { duration: number; poster_url?: string | null };
}
export type SortValue = "newest" | "oldest" | "shortest" | "longest";
export type EquipmentMode = "selected" | "additional";
export interface SearchRequest {
  facets: "*" | string[];
  filters: string;
  keywords: string;
  sort: SortValue;
  page: number;
  hits: number;
  pagination: "on" | "off";
  equipmentFilter: EquipmentMode;
  seriesWorkoutsParam: string;
  /** Leaves out workouts with any of these strains or equipment (avoid filters). */
  avoid?: AvoidKey[];
}
export interface SearchResponse {
  hits: Workout[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  facets: Record<string, Record<string, number>>;
  selected: string[];
}
export interface FilterOption {
  value: string;
  label: string;
  count?: number;
  [key: string]: unknown;
}
export interface FilterGroup {
  key: string;
  label: string;
  options: FilterOption[];
  [key: string]: unknown;
}
export type WorkoutFilters = { groups: FilterGroup[] } | FilterGroup[] | Record<string, unknown>;
export type PlaybackAnswer = ResponseBody<"/tsapi/content/workout/{id}/video", "get">;
export type MusicStation = MusicStations["items"][number];
export type MusicStations = ResponseBody<"/v2/music/stations", "get">;
export interface ImageOptions {
  width?: number;
  height?: number;
  fit_mode?: string;
  time?: number;
}

// ---- member activity ----
export type Favourites = ResponseBody<"/v2/user/attributes/favorites", "get">;
export type FavouritesUpdate = RequestBody<"/v2/user/attributes/favorites", "put">;
export interface HiddenCollectionsUpdate {
  add: string[];
  remove: string[];
}
export type HiddenCollections = ResponseBody<"/v2/user/attributes/collections_hidden", "get">;
export interface UserAttribute {
  waiver?: unknown;
  feed_fm_disabled?: boolean;
  closed_captions?: boolean;
  [key: string]: unknown;
}
export interface EmailAttribute {
  opt_out?: boolean;
  [key: string]: unknown;
}
export type Preferences = Record<string, unknown>;
export type OnboardingResults = ResponseBody<"/v2/user/attributes/onboarding_results", "get">;
export interface WorkoutSession {
  session_id: string;
  status: "started" | "ended";
  is_complete: boolean;
  timecode?: number;
}
export interface EndSessionRequest {
  session_id: string;
  workout_completed_positions: number;
}
export type VideoEventType =
  | "start"
  | "loaded"
  | "progress"
  | "play"
  | "seek"
  | "pause"
  | "close"
  | "muted"
  | "unmuted"
  | "error"
  | "end"
  | "ready";
/** One player event; the server rejects unknown properties, so extras go in `data`. */
export interface VideoEvent {
  event_type: VideoEventType;
  workout_id: string;
  session_id?: string | null;
  /** Seconds into the video. */
  position?: number | null;
  occurred_at?: string;
  data?: Record<string, unknown>;
}
export interface HistoryEntry {
  workout_id: string;
  is_completed: boolean;
  completed_at: string | null;
  workout?: Workout;
  type: "on_demand" | "live";
}
export interface HistoryQuery {
  starting_at?: string;
  ending_at?: string;
}
export interface WorkoutStats {
  total_lvs: number;
  total_on_demand: number;
  total_minutes: number;
  by_day: unknown[];
}
export type LegacyStats = ResponseBody<"/stats/v2/workouts", "get">;
/** Daily and weekly streaks and the daily milestones, counted in the member's local days. */
export type Streaks = ResponseBody<"/stats/v2/streaks", "get">;
export interface Challenge {
  id?: string;
  slug?: string;
  end_time: string;
  start_time?: string;
  workout_target: number;
  workouts: { workout_id: string; workout_type: "on_demand" | "live" }[];
  progress: { on_demand: number; live: number; completed: number };
  [key: string]: unknown;
}

// ---- series and calendars ----
export interface Series {
  id: string;
  name: string;
  slug: string;
  description?: string;
  level?: string;
  items?: Workout[];
  total?: number;
  workoutsCount?: number;
  equipment?: string[];
  trainers?: string[];
  relatedContent?: { title?: string; name?: string; description?: string; workouts?: Workout[]; content?: unknown }[];
  [key: string]: unknown;
}
export interface SeriesOverview {
  pageDescription: string;
  newfeaturedSeriesBanner: unknown;
  seriesCategoriesList: { name: string; slug: string; series: Series[] }[];
}
export type SeriesWorkoutStatus = "not_started" | "in_progress" | "completed" | string;
export interface SeriesEnrollment {
  user_id?: string;
  series_id: string;
  started_at?: string;
  completed_at?: string | null;
  status: "enrolled" | "in_progress" | "completed" | "not_started" | string;
  series_detail?: Record<string, unknown>;
  progress_summary: { total_progress: number; chapter_progress: unknown };
  series_state: { workouts: { workout_id: string; status: SeriesWorkoutStatus }[] };
  /** Paused by the member ("vacation"), since paused_at; progress is kept. */
  paused?: boolean;
  paused_at?: string | null;
  fingerprint?: { hashcode: string; calculated_at: string };
}
export interface SeriesEnrollAnswer {
  success: true;
  series: SeriesEnrollment;
}
export interface CalendarEnrollment {
  calendar_id: string;
  status: "enrolled" | string;
  paused?: boolean;
  paused_at?: string | null;
  [key: string]: unknown;
}
export interface WorkoutCalendar {
  id: string;
  slug: string;
  name: string;
  days?: { day: number; kind: "workout" | "walk" | "rest"; workout?: Workout | null; workout_id?: string | null }[];
  [key: string]: unknown;
}

// ---- studios ----
export interface LiveClass {
  id: string;
  description: string;
  /** Minutes. */
  duration: number;
  equipment: string[] | string;
  class_full: boolean;
  completed: boolean;
  start_date: string;
  end_date: string;
  startDateTime: string;
  trainer_name: string;
  trainer_image_url: string | null;
  type: string;
  spots_left?: number;
  zoom_link: string | null;
  /** Where the class happens (the server names the studio and its address, or the live virtual studio). */
  location?: ClassLocation;
  [key: string]: unknown;
}
export interface ClassLocation {
  id: string;
  slug: string;
  name: string;
  /** `virtual`: online, with a video-call link; `studio`: in person at `address`. */
  kind: "studio" | "virtual" | string;
  address: string;
  city: string;
  /** IANA zone the studio keeps its class times in. */
  time_zone: string;
}
export interface ClassQuery {
  min_date?: string;
  max_date?: string;
  location?: string;
  public?: boolean;
}
export type ReservationStatus = "standard cancel" | "pending" | "check in";
export interface Reservation {
  id: string;
  status: ReservationStatus;
  class_data: { id: string; start_date: string; end_date: string; class_full: boolean; [key: string]: unknown };
}

// ---- membership and billing ----
export type Provider = "apple" | "google" | "recharge" | "stripe" | "marianatek";
export interface Invoice {
  amount: number;
  period_start: string;
  period_end: string;
  sku: string;
  discount_code: string | null;
}
export interface Subscription {
  subscription_id: string;
  user_id: string;
  identifier: string;
  provider: Provider;
  state: string;
  name: string;
  base_price: number;
  discount: number;
  total_price: number;
  entitlements: string[];
  expiration_date: string | null;
  original_purchase_date: string | null;
  product_id: string;
  interval: number;
  interval_type: string;
  trial_start: string | null;
  trial_end: string | null;
  trial_days: number | null;
  next_renewal: Invoice | null;
  last_invoice: Invoice | null;
  /** A self-serve pause: scheduled (state still active until `starts_at`) or running (state paused). */
  pause?: { months: number; starts_at: string; resumes_at: string } | null;
  /** Why it cannot pause now, in the member's words; null when it can (src/domain/membership-pause.ts decides). */
  pause_refusal?: string | null;
  /** When it may pause: each length (1 to 3 months) with the dates it would pause and resume. */
  pause_options?: { months: number; starts_at: string; resumes_at: string }[];
  [key: string]: unknown;
}
export interface PlanChange {
  subscription_id: string;
  user_id: string;
  identifier: string;
  charge_interval_frequency: number;
  order_interval_frequency: number;
  order_interval_unit: string;
  product_id: string;
  shopify_variant_id?: string;
  sku: string;
  stripe_promo_code?: string;
}
export type CancelReason =
  "method not as thought" | "too expensive" | "not seeing expected results" | "not using enough" | "other";
export interface CancelRequest {
  reason: CancelReason;
  explanation?: string;
}
export interface BillingAddress {
  address1: string;
  address2?: string;
  city: string;
  country: string;
  phone?: string;
  state: string;
  zip: string;
}
export interface Product {
  sku: string;
  name: string;
  cost: { currency_amount: string; unit_amount: number };
  subscription_details: { interval: number; interval_type: string; trial_days: number };
}
/**
 * What choosing a plan would charge and when (`GET /v2/subscriptions/subs/quote`): a checkout (free until
 * `charge_date` when the server grants a trial, else `due_now` today) or the member's plan change (charged at the
 * period end). Money in cents; `total_price` is the first charge after promo codes, `renewal_price` later ones.
 */
export interface Quote {
  /** `unpause`: resuming a paused membership (a new period, charged at once). */
  kind: "checkout" | "plan_change" | "unpause";
  subscription_id: string | null;
  sku: string;
  name: string;
  currency: string;
  trial_days: number;
  due_now: number;
  base_price: number;
  discount: number;
  total_price: number;
  discount_codes: string[];
  charge_date: string | null;
  renewal_price: number | null;
  interval: number;
  interval_type: string;
}
export interface Coupon {
  code: string;
  amount: number;
  is_active: boolean;
  type: "percentage" | "amount";
  valid_until: string | null;
}
export interface CouponEntry {
  provider: "stripe" | "recharge";
  coupon_code: string;
  identifier: string;
}
export interface CouponResult {
  coupon_code: string;
  success: boolean;
  message?: string;
  [key: string]: unknown;
}
export interface CouponResults {
  results?: CouponResult[];
  items?: CouponResult[];
  [key: string]: unknown;
}
export type PaymentCard = ResponseBody<"/commerce/v1/payment/default", "get">;
