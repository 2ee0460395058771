-- The console's numbers per local day (docs/operations.md, "The numbers"): each day's figures, recomputed from the
-- history by host/server/services/numbers-days.ts, so a report over two years sums some 730 rows per figure instead
-- of reading every state change, invoice and play. One set of days per time zone asked for (a day's boundaries
-- depend on the zone), built at the first read in that zone.

-- A zone whose days are kept: every change logged since `watermark` (a snapshot's xmin: every transaction older than
-- it had ended when the days were last brought up to date) is still to be applied.
create table numbers_zones (
  zone text primary key,
  watermark xid8 not null,
  built_at timestamptz not null default now()
);

-- What changed in the history, written by the triggers below in the changing transaction: an hour in which a
-- sign-up, play, completion or refund was added, changed or removed, or a membership whose state changes or
-- invoices changed (all its days are recomputed: one change can move the figures of its later events).
create table numbers_changes (
  xid xid8 not null default pg_current_xact_id(),
  hour timestamptz,
  subscription_id text,
  check ((hour is null) <> (subscription_id is null))
);
create index numbers_changes_xid on numbers_changes (xid);

-- A local day's memberships and activity: changes of each stock (active, paying, comped, trials, paused: summed
-- from the first day they give the stock at a day's end) and the day's flows.
create table numbers_days (
  zone text not null references numbers_zones (zone) on delete cascade,
  day date not null,
  d_active integer not null default 0,
  d_paying integer not null default 0,
  d_comped integer not null default 0,
  d_trials integer not null default 0,
  d_paused integer not null default 0,
  trials_started integer not null default 0,
  trials_ended integer not null default 0,
  trials_converted integer not null default 0,
  churned_members integer not null default 0,
  -- Why the day's churned memberships ended: {"reason": count}.
  cancel_reasons jsonb not null default '{}',
  sign_ups integer not null default 0,
  plays integer not null default 0,
  completed_plays integer not null default 0,
  completions integer not null default 0,
  primary key (zone, day)
);

-- A local day's money in one currency: the change of MRR (exact, before rounding), and the day's churned MRR,
-- refunds and failed payments (with those later recovered).
create table numbers_day_money (
  zone text not null references numbers_zones (zone) on delete cascade,
  day date not null,
  currency text not null,
  d_mrr numeric not null default 0,
  churned_mrr numeric not null default 0,
  refunds integer not null default 0,
  refunded_amount bigint not null default 0,
  failed_payments integer not null default 0,
  failed_amount bigint not null default 0,
  recovered_payments integer not null default 0,
  recovered_amount bigint not null default 0,
  primary key (zone, day, currency)
);

-- Plays per workout by local day, and each workout's plays before the first day of each local month (from the month
-- after its first play to the month after the last day played): a range's plays per workout are those before the day
-- after it less those before its first day, each the month's row plus the days of the month before that day.
create table numbers_workout_days (
  zone text not null references numbers_zones (zone) on delete cascade,
  day date not null,
  workout_id text not null,
  plays integer not null,
  completed_plays integer not null,
  primary key (zone, day, workout_id)
);
create table numbers_workout_months (
  zone text not null references numbers_zones (zone) on delete cascade,
  month date not null,
  workout_id text not null,
  plays_before integer not null,
  completed_before integer not null,
  primary key (zone, month, workout_id)
);

-- The class of membership a state puts it in (the table in docs/operations.md): null is none (expired).
create function numbers_class(from_state text, to_state text) returns text language sql immutable as $$
  select case to_state
    when 'active' then 'paid' when 'past_due' then 'paid'
    when 'canceled' then case when from_state = 'trial' then 'trial' else 'paid' end
    when 'vip' then 'comped' when 'prepaid' then 'prepaid' when 'trial' then 'trial' when 'paused' then 'paused'
  end
$$;

-- The change log's writers: statement-level triggers, so a statement writing a million rows logs one row per hour
-- or membership it touched. A trigger with transition tables handles one kind of statement, hence three per table;
-- each function reads the rows before (old_rows) and after (new_rows) as the statement has them.
create function numbers_log_users() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into numbers_changes (hour) select distinct date_trunc('hour', created_at) from new_rows;
  elsif tg_op = 'DELETE' then
    insert into numbers_changes (hour) select distinct date_trunc('hour', created_at) from old_rows;
  else
    -- Only a changed sign-up time matters (a user row changes at every sign-in).
    insert into numbers_changes (hour)
    select distinct date_trunc('hour', t) from old_rows o join new_rows n using (id),
      lateral (values (o.created_at), (n.created_at)) v (t)
    where o.created_at is distinct from n.created_at;
  end if;
  return null;
end
$$;

create function numbers_log_refunds() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into numbers_changes (hour) select distinct date_trunc('hour', created_at) from new_rows;
  end if;
  if tg_op <> 'INSERT' then
    insert into numbers_changes (hour) select distinct date_trunc('hour', created_at) from old_rows;
  end if;
  return null;
end
$$;

create function numbers_log_sessions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into numbers_changes (hour)
    select distinct date_trunc('hour', t) from new_rows, lateral (values (started_at), (completed_at)) v (t)
    where t is not null;
  elsif tg_op = 'DELETE' then
    insert into numbers_changes (hour)
    select distinct date_trunc('hour', t) from old_rows, lateral (values (started_at), (completed_at)) v (t)
    where t is not null;
  else
    -- Only what the numbers count matters (a session's position changes as it plays).
    insert into numbers_changes (hour)
    select distinct date_trunc('hour', t) from old_rows o join new_rows n using (id),
      lateral (values (o.started_at), (o.completed_at), (n.started_at), (n.completed_at)) v (t)
    where t is not null and (o.started_at, o.completed_at, o.is_complete, o.workout_id)
      is distinct from (n.started_at, n.completed_at, n.is_complete, n.workout_id);
  end if;
  return null;
end
$$;

create function numbers_log_memberships() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into numbers_changes (subscription_id) select distinct subscription_id from new_rows;
  end if;
  if tg_op <> 'INSERT' then
    insert into numbers_changes (subscription_id) select distinct subscription_id from old_rows;
    -- A row moved or removed leaves its former day, which the membership's rows no longer name.
    insert into numbers_changes (hour) select distinct date_trunc('hour', created_at) from old_rows;
  end if;
  return null;
end
$$;

-- A product's price interval or kind decides every MRR that product's invoices gave, and a truncated table takes
-- away history the log cannot name: every zone's days are dropped, to be built again at the next read.
create function numbers_forget() returns trigger language plpgsql as $$
begin
  delete from numbers_zones;
  return null;
end
$$;

create trigger numbers_users_insert after insert on users referencing new table as new_rows
  for each statement execute function numbers_log_users();
create trigger numbers_users_update after update on users
  referencing old table as old_rows new table as new_rows for each statement execute function numbers_log_users();
create trigger numbers_users_delete after delete on users referencing old table as old_rows
  for each statement execute function numbers_log_users();

create trigger numbers_refunds_insert after insert on refunds referencing new table as new_rows
  for each statement execute function numbers_log_refunds();
create trigger numbers_refunds_update after update on refunds
  referencing old table as old_rows new table as new_rows for each statement execute function numbers_log_refunds();
create trigger numbers_refunds_delete after delete on refunds referencing old table as old_rows
  for each statement execute function numbers_log_refunds();

create trigger numbers_sessions_insert after insert on workout_sessions referencing new table as new_rows
  for each statement execute function numbers_log_sessions();
create trigger numbers_sessions_update after update on workout_sessions referencing old table as old_rows new table as new_rows
  for each statement execute function numbers_log_sessions();
create trigger numbers_sessions_delete after delete on workout_sessions referencing old table as old_rows
  for each statement execute function numbers_log_sessions();

create trigger numbers_events_insert after insert on subscription_events referencing new table as new_rows
  for each statement execute function numbers_log_memberships();
create trigger numbers_events_update after update on subscription_events
  referencing old table as old_rows new table as new_rows
  for each statement execute function numbers_log_memberships();
create trigger numbers_events_delete after delete on subscription_events referencing old table as old_rows
  for each statement execute function numbers_log_memberships();

create trigger numbers_invoices_insert after insert on invoices referencing new table as new_rows
  for each statement execute function numbers_log_memberships();
create trigger numbers_invoices_update after update on invoices
  referencing old table as old_rows new table as new_rows
  for each statement execute function numbers_log_memberships();
create trigger numbers_invoices_delete after delete on invoices referencing old table as old_rows
  for each statement execute function numbers_log_memberships();

create trigger numbers_products_changed after insert or delete or update of sku, kind, "interval", interval_type
  on products for each statement execute function numbers_forget();
create trigger numbers_history_truncated after truncate on users for each statement execute function numbers_forget();
create trigger numbers_sessions_truncated after truncate on workout_sessions
  for each statement execute function numbers_forget();
create trigger numbers_events_truncated after truncate on subscription_events
  for each statement execute function numbers_forget();
create trigger numbers_invoices_truncated after truncate on invoices
  for each statement execute function numbers_forget();
create trigger numbers_refunds_truncated after truncate on refunds for each statement execute function numbers_forget();

-- The days of a membership's state changes are found by time, as are its first failed payments.
create index subscription_events_created on subscription_events (created_at);
create index invoices_paid on invoices (subscription_id, created_at) where status = 'paid';
