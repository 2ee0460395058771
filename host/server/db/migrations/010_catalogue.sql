-- Catalogue and site content: everything a visitor reads about workouts, series, calendars and the site.
-- Ids are text (stable, human-readable in the seed). Durations: workouts.duration in minutes, video_duration in seconds.

create table trainers (
  id text primary key,
  slug text not null unique,
  name text not null,
  image_url text not null default '',
  bio text not null default '',
  created_at timestamptz not null default now()
);

-- The all-workouts entry (is_all) is first by sort_order; hidden categories (rest, walk) exist for calendars only.
create table workout_categories (
  id text primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  sort_order integer not null,
  is_all boolean not null default false,
  hidden boolean not null default false,
  seo jsonb not null default '{}'::jsonb
);

create table collections (
  id text primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  image_url text not null default '',
  sort_order integer not null default 0
);

create table workouts (
  id text primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  type text not null default 'workout' check (type in ('workout', 'walk', 'rest')),
  level text not null default '',
  pacing text not null default '',
  duration integer not null check (duration >= 0),
  video_duration integer not null check (video_duration >= 0),
  live boolean not null default false,
  equipment text[] not null default '{}',
  focus text[] not null default '{}',
  benefits text[] not null default '{}',
  -- Class Breakdown section of the detail pane: [{title, minutes}].
  breakdown jsonb not null default '[]'::jsonb,
  poster_url text not null default '',
  start_date timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workouts_start_date on workouts (start_date);

create table workout_category_links (
  workout_id text not null references workouts (id) on delete cascade,
  category_id text not null references workout_categories (id) on delete cascade,
  primary key (workout_id, category_id)
);
create index workout_category_links_category on workout_category_links (category_id);

create table workout_trainers (
  workout_id text not null references workouts (id) on delete cascade,
  trainer_id text not null references trainers (id) on delete cascade,
  position integer not null default 0,
  primary key (workout_id, trainer_id)
);
create index workout_trainers_trainer on workout_trainers (trainer_id);

create table workout_collections (
  workout_id text not null references workouts (id) on delete cascade,
  collection_id text not null references collections (id) on delete cascade,
  primary key (workout_id, collection_id)
);
create index workout_collections_collection on workout_collections (collection_id);

create table series (
  id text primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  level text not null default '',
  image_url text not null default '',
  -- "Suggested Schedule" copy and "Before You Start" text of the series page.
  suggested_schedule text not null default '',
  before_you_start text not null default '',
  featured boolean not null default false,
  created_at timestamptz not null default now()
);

create table series_items (
  series_id text not null references series (id) on delete cascade,
  workout_id text not null references workouts (id) on delete cascade,
  position integer not null,
  chapter integer not null default 1,
  chapter_title text not null default '',
  primary key (series_id, position)
);
create index series_items_workout on series_items (workout_id);

create table series_related_content (
  series_id text not null references series (id) on delete cascade,
  position integer not null,
  title text not null,
  name text not null default '',
  description text not null default '',
  content text not null default '',
  workout_ids text[] not null default '{}',
  primary key (series_id, position)
);

-- The series overview page: one row of copy, then categories of series in order.
create table series_overview (
  id text primary key,
  page_description text not null default '',
  featured_banner jsonb not null default '{}'::jsonb
);

create table series_categories (
  id text primary key,
  slug text not null unique,
  name text not null,
  sort_order integer not null
);

create table series_category_items (
  category_id text not null references series_categories (id) on delete cascade,
  series_id text not null references series (id) on delete cascade,
  position integer not null,
  primary key (category_id, series_id)
);

create table workout_calendars (
  id text primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  image_url text not null default '',
  created_at timestamptz not null default now()
);

-- Day 1 is the first day after enrolment; rest and walk days point at a short rest or walk class when there is one.
create table workout_calendar_days (
  calendar_id text not null references workout_calendars (id) on delete cascade,
  day integer not null check (day >= 1),
  kind text not null check (kind in ('workout', 'walk', 'rest')),
  workout_id text references workouts (id) on delete set null,
  primary key (calendar_id, day)
);

create table locations (
  id text primary key,
  slug text not null unique,
  name text not null,
  kind text not null check (kind in ('studio', 'virtual')),
  time_zone text not null,
  description text not null default '',
  address text not null default '',
  city text not null default '',
  image_url text not null default '',
  sort_order integer not null default 0
);

create table home_pages (
  id text primary key,
  slug text not null unique,
  title text not null,
  is_default boolean not null default false
);

-- A row of the home page: kind says what `source` lists (workout ids, series ids, a collection or category slug).
create table home_page_rows (
  home_page_id text not null references home_pages (id) on delete cascade,
  position integer not null,
  title text not null,
  kind text not null check (kind in ('workouts', 'series', 'collection', 'category', 'favorites', 'stats')),
  source jsonb not null default '{}'::jsonb,
  primary key (home_page_id, position)
);

create table carousels (
  id text primary key,
  slug text not null unique,
  title text not null,
  kind text not null check (kind in ('workouts', 'series', 'collections')),
  item_ids text[] not null default '{}',
  sort_order integer not null default 0
);

create table announcement_banners (
  id text primary key,
  message text not null,
  link_text text not null default '',
  link_url text not null default '',
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean not null default true
);

-- Keyed copy the clients ask for by key: coachMark, welcome, faq, dynamic.
create table dynamic_content (
  id text primary key,
  key text not null check (key in ('coachMark', 'welcome', 'faq', 'dynamic')),
  name text not null,
  value jsonb not null,
  sort_order integer not null default 0
);
create index dynamic_content_key on dynamic_content (key);

create table pages (
  id text primary key,
  slug text not null unique,
  title text not null,
  fields jsonb not null default '{}'::jsonb,
  updated_at timestamptz not null default now()
);

create table assets (
  id text primary key,
  title text not null,
  url text not null,
  content_type text not null,
  tags text[] not null default '{}',
  width integer,
  height integer
);

-- Every change to what the search index holds announces itself, so each server process rebuilds its index
-- (PostgreSQL LISTEN/NOTIFY across processes; PGlite delivers the same notification in-process).
create function notify_catalogue_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('fitkit_catalogue', tg_table_name);
  return null;
end
$$;

create trigger trainers_changed after insert or update or delete or truncate on trainers
  for each statement execute function notify_catalogue_changed();
create trigger workout_categories_changed after insert or update or delete or truncate on workout_categories
  for each statement execute function notify_catalogue_changed();
create trigger collections_changed after insert or update or delete or truncate on collections
  for each statement execute function notify_catalogue_changed();
create trigger workouts_changed after insert or update or delete or truncate on workouts
  for each statement execute function notify_catalogue_changed();
create trigger workout_category_links_changed after insert or update or delete or truncate on workout_category_links
  for each statement execute function notify_catalogue_changed();
create trigger workout_trainers_changed after insert or update or delete or truncate on workout_trainers
  for each statement execute function notify_catalogue_changed();
create trigger workout_collections_changed after insert or update or delete or truncate on workout_collections
  for each statement execute function notify_catalogue_changed();
