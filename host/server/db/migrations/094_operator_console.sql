-- The operator console (/admin, /admin/v1): the company's roles, the audit of every console write, and a workout's
-- release state.

-- One company role per account, beside the per-location studio roles (studio_staff). admin: everything, grants
-- roles; editor: catalogue and content; support: members; viewer: reads only.
create table operator_roles (
  user_id uuid primary key references users (id) on delete cascade,
  role text not null check (role in ('admin', 'editor', 'support', 'viewer')),
  -- Null when granted from the command line (`npm run admin -- grant`), the bootstrap of a production install.
  granted_by uuid references users (id) on delete set null,
  granted_at timestamptz not null
);

-- Every console write: who (kept by email too, so the record outlives the account), when, what, and the record's
-- values before and after (null before a create). Written in the same transaction as the write; never updated.
create table audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid references users (id) on delete set null,
  -- 'system' for the release job and the command line.
  actor_email text not null,
  action text not null,
  record_type text not null,
  record_id text not null,
  before jsonb,
  after jsonb,
  at timestamptz not null
);
create index audit_log_record on audit_log (record_type, record_id, id desc);
create index audit_log_actor on audit_log (actor_id, id desc);
create index audit_log_at on audit_log (at desc, id desc);

-- draft → scheduled (release_at, shown in release_zone) → published → archived. Only published workouts are in the
-- library; archived ones still resolve by id and slug (history, favourites, series keep working) but leave search,
-- listings and facets. Existing workouts are published.
alter table workouts
  add column status text not null default 'published'
    check (status in ('draft', 'scheduled', 'published', 'archived')),
  add column release_at timestamptz,
  add column release_zone text,
  add constraint workouts_scheduled_release check (status <> 'scheduled' or (release_at is not null and release_zone is not null));
create index workouts_due_release on workouts (release_at) where status = 'scheduled';
