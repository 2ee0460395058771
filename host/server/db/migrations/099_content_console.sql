-- Trainers, collections and series as the console runs them (issue 29): a state and an explicit order, nothing
-- deleted. draft: being written, shown to no member; published: what members see; retired: taken out of every list
-- (a retired series still opens by its slug or id, so members enrolled in it keep their progress). Existing rows are
-- published, as they always were.
alter table trainers
  add column status text not null default 'published' check (status in ('draft', 'published', 'retired')),
  -- The order of the library's trainer filter (ties by name, so a catalogue never reordered reads alphabetically).
  add column sort_order integer not null default 0,
  add column updated_at timestamptz not null default now();

alter table collections
  add column status text not null default 'published' check (status in ('draft', 'published', 'retired')),
  add column updated_at timestamptz not null default now();

alter table series
  add column status text not null default 'published' check (status in ('draft', 'published', 'retired')),
  add column updated_at timestamptz not null default now();
