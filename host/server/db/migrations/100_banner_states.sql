-- Announcement banners as the console runs them (issue 29): the states of trainers, collections and series
-- (migration 099) instead of an on/off flag. Members see a published banner only within its window
-- (starts_at ≤ now < ends_at, either end open when null); nothing is deleted, a banner taken down is retired.
alter table announcement_banners
  add column status text not null default 'published' check (status in ('draft', 'published', 'retired')),
  add column updated_at timestamptz not null default now(),
  add constraint announcement_banners_window check (ends_at is null or starts_at is null or ends_at > starts_at);
update announcement_banners set status = 'retired' where not active;
alter table announcement_banners drop column active;
