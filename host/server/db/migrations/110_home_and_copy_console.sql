-- Home rows, carousels and keyed copy (FAQ, welcome, coach marks) as the console runs them (issue 29): the states of
-- trainers, collections, series and banners (migrations 099, 100) and an explicit order, nothing deleted. Members see
-- only published records; existing rows are published, as they always were.

-- A home row gets an id of its own: its position is now only its place, rewritten 1…n by every move (two rows swap
-- places in one statement, which a primary key on the position would refuse halfway).
alter table home_page_rows drop constraint home_page_rows_pkey;
alter table home_page_rows
  add column id text not null default ('row_' || replace(gen_random_uuid()::text, '-', '')),
  add column status text not null default 'published' check (status in ('draft', 'published', 'retired')),
  add column updated_at timestamptz not null default now();
alter table home_page_rows add primary key (id);
create index home_page_rows_page on home_page_rows (home_page_id, position);

alter table carousels
  add column status text not null default 'published' check (status in ('draft', 'published', 'retired')),
  add column updated_at timestamptz not null default now();

-- Clients find an entry by its key and name (a coach mark by the screen it points at): one entry per pair.
alter table dynamic_content
  add column status text not null default 'published' check (status in ('draft', 'published', 'retired')),
  add column updated_at timestamptz not null default now(),
  add constraint dynamic_content_key_name unique (key, name);
