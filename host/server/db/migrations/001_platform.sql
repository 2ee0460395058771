-- Platform: members, their logins and the mail outbox.
create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  given_name text not null,
  family_name text not null,
  opt_in boolean not null default false,
  waiver_accepted_at timestamptz,
  -- Seeded entitlement state until the membership module derives it from subscriptions.
  demo_state text not null default 'unentitled',
  -- Bumped on password change, reset and deactivation: access tokens carrying an older version are refused.
  token_version integer not null default 0,
  deactivated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (email);

-- Refresh tokens are stored only as SHA-256 hashes. A login is one family; a reused rotated token revokes it.
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  family_id uuid not null,
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_user on refresh_tokens (user_id);
create index refresh_tokens_family on refresh_tokens (family_id);

create table password_resets (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create table mail_outbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

-- Keys the server generates for itself when none is configured (JWT signing key, token HMAC secret).
create table server_keys (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- Member attributes of spec section 3 (favorites, user, email, preferences, ...): one JSON document per name.
create table user_attributes (
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, name)
);
