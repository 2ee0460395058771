import type { ColumnType } from "kysely";
import type { StrainTag } from "../../../../src/domain/avoid.js";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as a JSON string. */
type Json<T = unknown> = ColumnType<T, string | undefined, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type WorkoutType = "workout" | "walk" | "rest";
export const WORKOUT_STATUSES = ["draft", "scheduled", "published", "archived"] as const;
export type WorkoutStatus = (typeof WORKOUT_STATUSES)[number];
type CalendarDayKind = "workout" | "walk" | "rest";
export type LocationKind = "studio" | "virtual";

/** The console's states of trainers, collections and series (migration 099): only published ones are listed. */
export type ContentStatus = "draft" | "published" | "retired";

export interface TrainersTable {
  id: string;
  slug: string;
  name: string;
  image_url: Defaulted<string>;
  bio: Defaulted<string>;
  created_at: DefaultedTimestamp;
  status: Defaulted<ContentStatus>;
  sort_order: Defaulted<number>;
  updated_at: DefaultedTimestamp;
}

interface WorkoutCategoriesTable {
  id: string;
  slug: string;
  name: string;
  description: Defaulted<string>;
  sort_order: number;
  is_all: Defaulted<boolean>;
  hidden: Defaulted<boolean>;
  seo: Json<Record<string, unknown>>;
}

interface CollectionsTable {
  id: string;
  slug: string;
  name: string;
  description: Defaulted<string>;
  image_url: Defaulted<string>;
  sort_order: Defaulted<number>;
  status: Defaulted<ContentStatus>;
  updated_at: DefaultedTimestamp;
}

interface WorkoutsTable {
  id: string;
  slug: string;
  name: string;
  description: Defaulted<string>;
  type: Defaulted<WorkoutType>;
  level: Defaulted<string>;
  pacing: Defaulted<string>;
  /** Minutes. */
  duration: number;
  /** Seconds. */
  video_duration: number;
  live: Defaulted<boolean>;
  equipment: Defaulted<string[]>;
  /** What the workout loads or involves (its check constraint holds the tags); null until assessed (migration 074). */
  strain: ColumnType<StrainTag[] | null, StrainTag[] | null | undefined, StrainTag[] | null>;
  focus: Defaulted<string[]>;
  benefits: Defaulted<string[]>;
  breakdown: Json<{ title: string; minutes: number }[]>;
  poster_url: Defaulted<string>;
  start_date: Timestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** Only published workouts are in the library (migration 094). */
  status: Defaulted<WorkoutStatus>;
  release_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  release_zone: Defaulted<string | null>;
}

interface WorkoutCategoryLinksTable {
  workout_id: string;
  category_id: string;
}

interface WorkoutTrainersTable {
  workout_id: string;
  trainer_id: string;
  position: Defaulted<number>;
}

interface WorkoutCollectionsTable {
  workout_id: string;
  collection_id: string;
}

export interface SeriesTable {
  id: string;
  slug: string;
  name: string;
  description: Defaulted<string>;
  level: Defaulted<string>;
  image_url: Defaulted<string>;
  suggested_schedule: Defaulted<string>;
  before_you_start: Defaulted<string>;
  featured: Defaulted<boolean>;
  created_at: DefaultedTimestamp;
  status: Defaulted<ContentStatus>;
  updated_at: DefaultedTimestamp;
}

interface SeriesItemsTable {
  series_id: string;
  workout_id: string;
  position: number;
  chapter: Defaulted<number>;
  chapter_title: Defaulted<string>;
}

interface SeriesRelatedContentTable {
  series_id: string;
  position: number;
  title: string;
  name: Defaulted<string>;
  description: Defaulted<string>;
  content: Defaulted<string>;
  workout_ids: Defaulted<string[]>;
}

interface SeriesOverviewTable {
  id: string;
  page_description: Defaulted<string>;
  featured_banner: Json<Record<string, unknown>>;
}

interface SeriesCategoriesTable {
  id: string;
  slug: string;
  name: string;
  sort_order: number;
}

interface SeriesCategoryItemsTable {
  category_id: string;
  series_id: string;
  position: number;
}

interface WorkoutCalendarsTable {
  id: string;
  slug: string;
  name: string;
  description: Defaulted<string>;
  image_url: Defaulted<string>;
  created_at: DefaultedTimestamp;
  status: Defaulted<ContentStatus>;
  updated_at: DefaultedTimestamp;
}

interface WorkoutCalendarDaysTable {
  calendar_id: string;
  day: number;
  kind: CalendarDayKind;
  workout_id: string | null;
}

export interface LocationsTable {
  id: string;
  slug: string;
  name: string;
  kind: LocationKind;
  time_zone: string;
  description: Defaulted<string>;
  address: Defaulted<string>;
  city: Defaulted<string>;
  image_url: Defaulted<string>;
  sort_order: Defaulted<number>;
  /** Booking policy (076_studio_operations.sql). */
  booking_window_days: Defaulted<number>;
  late_cancel_minutes: Defaulted<number>;
  auto_book_cutoff_minutes: Defaulted<number>;
  max_open_bookings: Defaulted<number | null>;
  waitlist_capacity: Defaulted<number>;
}

interface HomePagesTable {
  id: string;
  slug: string;
  title: string;
  is_default: Defaulted<boolean>;
}

export type HomePageRowKind = "workouts" | "series" | "collection" | "category" | "favorites" | "stats";

interface HomePageRowsTable {
  /** Generated when not given (migration 110). */
  id: Defaulted<string>;
  home_page_id: string;
  position: number;
  title: string;
  kind: HomePageRowKind;
  source: Json<Record<string, unknown>>;
  status: Defaulted<ContentStatus>;
  updated_at: DefaultedTimestamp;
}

interface CarouselsTable {
  id: string;
  slug: string;
  title: string;
  kind: "workouts" | "series" | "collections";
  item_ids: Defaulted<string[]>;
  sort_order: Defaulted<number>;
  status: Defaulted<ContentStatus>;
  updated_at: DefaultedTimestamp;
}

interface AnnouncementBannersTable {
  id: string;
  message: string;
  link_text: Defaulted<string>;
  link_url: Defaulted<string>;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  status: Defaulted<ContentStatus>;
  updated_at: DefaultedTimestamp;
}

export type DynamicContentKey = "coachMark" | "welcome" | "faq" | "dynamic";

interface DynamicContentTable {
  id: string;
  key: DynamicContentKey;
  name: string;
  /** JSON text on insert; no default, so every insert gives it. */
  value: ColumnType<unknown, string, string>;
  sort_order: Defaulted<number>;
  status: Defaulted<ContentStatus>;
  updated_at: DefaultedTimestamp;
}

interface PagesTable {
  id: string;
  slug: string;
  title: string;
  fields: Json<Record<string, unknown>>;
  updated_at: DefaultedTimestamp;
}

interface AssetsTable {
  id: string;
  title: string;
  url: string;
  content_type: string;
  tags: Defaulted<string[]>;
  width: number | null;
  height: number | null;
}

/** One row: the version of what the search index holds, replaced by every change to it (migration 080). */
export interface CatalogueVersionTable {
  only_row: Defaulted<boolean>;
  version: Defaulted<string>;
}

export interface CatalogueTables {
  catalogue_version: CatalogueVersionTable;
  trainers: TrainersTable;
  workout_categories: WorkoutCategoriesTable;
  collections: CollectionsTable;
  workouts: WorkoutsTable;
  workout_category_links: WorkoutCategoryLinksTable;
  workout_trainers: WorkoutTrainersTable;
  workout_collections: WorkoutCollectionsTable;
  series: SeriesTable;
  series_items: SeriesItemsTable;
  series_related_content: SeriesRelatedContentTable;
  series_overview: SeriesOverviewTable;
  series_categories: SeriesCategoriesTable;
  series_category_items: SeriesCategoryItemsTable;
  workout_calendars: WorkoutCalendarsTable;
  workout_calendar_days: WorkoutCalendarDaysTable;
  locations: LocationsTable;
  home_pages: HomePagesTable;
  home_page_rows: HomePageRowsTable;
  carousels: CarouselsTable;
  announcement_banners: AnnouncementBannersTable;
  dynamic_content: DynamicContentTable;
  pages: PagesTable;
  assets: AssetsTable;
}
