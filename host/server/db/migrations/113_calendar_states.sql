-- Workout calendars as the console runs them (issue 29): the states of series (migration 099). draft: being written,
-- shown to no member and not open to enrol; published: listed, open to enrol; retired: out of the lists and closed to
-- new enrolments, while members enrolled in it keep their calendar and its page. Existing calendars are published.
alter table workout_calendars
  add column status text not null default 'published' check (status in ('draft', 'published', 'retired')),
  add column updated_at timestamptz not null default now();
