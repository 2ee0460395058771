// Friendly names for the shapes of the API contract (shared/design/api-contract.md). Every wire shape is described
// once, by the server's route schemas (host/server/routes, host/server/schemas.ts): contract.gen.ts is generated from
// them (`npm run api-types`) and the names below only point into it, so a field changes in one place, the schema.
// Field names are the wire names; timestamps are ISO-8601 strings; money is integer cents.
import type { components } from "./contract.gen.js";
import type { RequestBody, ResponseBody } from "./contract.js";

/** The shapes the contract names (components.schemas): the server registers each once and answers it by reference. */
type Schemas = components["schemas"];

/** The contract's error body (every route's 4xx and 5xx): its stable `code` and the values its message names. */
export type ErrorBody = Schemas["ErrorBody"];

/** A page of a list: `{items, total}`, the total counting the whole list. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** One element of an answer's list. */
type ItemOf<L> = L extends readonly (infer I)[] ? I : never;

// ---- auth and identity ----
export type TokenPair = ResponseBody<"/api/auth/refresh-token", "post">;
export type SignUpRequest = RequestBody<"/api/auth/sign-up/email", "post">;
export type Claims = ResponseBody<"/user/v1/attribute/claims", "get">;
/** GET/PUT /user/v1/attribute/profile. */
export type Profile = ResponseBody<"/user/v1/attribute/profile", "get">;
export type ProfileChange = RequestBody<"/user/v1/attribute/profile", "put">;
/** GET /v2/user/calendar-feed: the member's private feed URLs. */
export type CalendarFeed = ResponseBody<"/v2/user/calendar-feed", "get">;

// ---- config and content ----
export type AppConfig = ResponseBody<"/config.json", "get">;
export type Location = ResponseBody<"/tsapi/locations/{id}", "get">;

// ---- workouts ----
export type Workout = Schemas["Workout"];
export type SearchRequest = RequestBody<"/tsapi/workouts/search", "post">;
export type SearchResponse = ResponseBody<"/tsapi/workouts/search", "post">;
export type SortValue = NonNullable<SearchRequest["sort"]>;
export type EquipmentMode = NonNullable<SearchRequest["equipmentFilter"]>;
export type WorkoutFilters = ResponseBody<"/tsapi/v2/workout/filters", "get">;
export type FilterGroup = ItemOf<WorkoutFilters["groups"]>;
export type PlaybackAnswer = ResponseBody<"/tsapi/content/workout/{id}/video", "get">;
export type MusicStations = ResponseBody<"/v2/music/stations", "get">;
export type MusicStation = ItemOf<MusicStations["items"]>;

// ---- member activity ----
export type Favourites = ResponseBody<"/v2/user/attributes/favorites", "get">;
export type FavouritesUpdate = RequestBody<"/v2/user/attributes/favorites", "put">;
export type HiddenCollectionsUpdate = RequestBody<"/v2/user/attributes/collections_hidden", "put">;
export type UserAttributeChange = RequestBody<"/v2/user/attributes/user", "put">;
export type EmailAttributeChange = RequestBody<"/v2/user/attributes/email", "put">;
export type Preferences = ResponseBody<"/v2/user/attributes/preferences", "get">;
export type EndSessionRequest = RequestBody<"/v2/workouts/end_session/{workoutId}", "post">;
/** One player event; the server rejects unknown properties, so extras go in `data`. */
export type VideoEvent = ItemOf<RequestBody<"/v2/workouts/video_events", "post">["events"]>;
export type VideoEventType = VideoEvent["event_type"];
export type History = ResponseBody<"/v2/workouts/history", "get">;
/** An on-demand play (its workout's summary) or an attended live class (its class). */
export type HistoryEntry = ItemOf<History["items"]>;
export type WorkoutStats = ResponseBody<"/v2/workouts/workout_stats", "get">;
/** Daily and weekly streaks and the daily milestones, counted in the member's local days. */
export type Streaks = ResponseBody<"/stats/v2/streaks", "get">;
export type Challenges = ResponseBody<"/v2/workouts/challenges", "get">;
export type Challenge = ItemOf<Challenges["items"]>;

// ---- series and calendars ----
/** A series as lists, carousels and the overview show it. */
export type SeriesSummary = ItemOf<ResponseBody<"/tsapi/series", "get">["items"]>;
/** One series with its workouts in order (each with its chapter) and related content. */
export type SeriesDetail = ResponseBody<"/tsapi/series/{slug}", "get">;
/** A series from a list or from its own call (which adds the workouts, chapters and related content). */
export type Series = SeriesSummary & Partial<Omit<SeriesDetail, keyof SeriesSummary>>;
export type SeriesEnrollment = Schemas["SeriesEnrollment"];

// ---- studios ----
export type LiveClass = Schemas["LiveClass"];
export type Reservation = Schemas["Reservation"];
/** A member's place on a class's waitlist (`POST /studios/class/{id}/waitlist`). */
export type WaitlistEntry = Schemas["WaitlistEntry"];

// ---- membership and billing ----
export type Subscription = Schemas["Subscription"];
export type Provider = Subscription["provider"];
export type PlanChange = RequestBody<"/v2/subscriptions/subs/plan", "put">;
export type CancelRequest = RequestBody<"/v2/subscriptions/subs/{id}/cancel", "post">;
export type BillingAddressChange = RequestBody<"/v2/subscriptions/subs/billing-address/{id}", "put">;
export type Product = ItemOf<ResponseBody<"/subscriptions/v1/products", "get">["items"]>;
/**
 * What choosing a plan would charge and when (`GET /v2/subscriptions/subs/quote`): a checkout, the member's plan
 * change (charged at the period end) or resuming a paused membership.
 */
export type Quote = ResponseBody<"/v2/subscriptions/subs/quote", "get">;
export type CouponEntry = ItemOf<RequestBody<"/v2/subscriptions/subs/coupon-codes", "post">["coupons"]>;
export type PaymentCard = Schemas["Card"];

// ---- client-side only ----
// Not wire shapes, so no route schema describes them: how the client builds a URL or a query string.

/** The `dynamic_content` filter keys (spec section 7), which the client chooses among. */
export type ContentKey = "coachMark" | "welcome" | "faq" | "dynamic";
/**
 * Content calls answer editor-defined JSON: lists as `{items, total}`, single entries as the object itself; the
 * caller names the entry type it expects.
 */
export type ContentAnswer<T = Record<string, unknown>> = Page<T> | T;
/** The still-image URL's query (`/tsapi/v2/workout/{id}/video/image`), built by `workoutImageUrl`. */
export interface ImageOptions {
  width?: number;
  height?: number;
  fit_mode?: string;
  time?: number;
}
/** The history call's date range (query string). */
export interface HistoryQuery {
  starting_at?: string;
  ending_at?: string;
}
/** The schedule call's query string. */
export interface ClassQuery {
  min_date?: string;
  max_date?: string;
  location?: string;
  public?: boolean;
}
