-- The version of each location's schedule (issue 28): a fresh random value written in the same transaction as every
-- change to what the schedule answer shows of that location (a class inserted, edited, booked, cancelled or deleted;
-- the location itself edited), so a reader in one snapshot sees the version of exactly the rows it read. Each server
-- process keeps finished schedule answers under these versions (with the catalogue's, migration 080, for trainers),
-- and any process, on any snapshot, tells from them whether an answer it holds is still the answer.
-- Random rather than counted, as the catalogue's: two databases restored from one backup never share a version.
create table schedule_versions (
  -- No foreign key: a version outliving its location is harmless, and a commit must never fail over one.
  location_id text primary key,
  version uuid not null default gen_random_uuid()
);
insert into schedule_versions (location_id) select id from locations;

-- While a transaction runs, its changed locations are only noted (a transaction-local setting, no lock); the versions
-- are written when it commits (the deferred trigger below), in location order. Bumping at once would hold the
-- location's version row from the first changed class to the commit: a booking would then wait on a staff edit that
-- waits on the booking's class, a deadlock. At commit every class lock is already held, and one order for the version
-- rows means two commits never wait on each other in a circle.
create function note_schedule_change() returns trigger language plpgsql as $$
declare
  noted jsonb := coalesce(nullif(current_setting('fitkit.schedule_changed', true), ''), '[]')::jsonb;
  changed text[] := array[]::text[];
begin
  if tg_op <> 'INSERT' then changed := changed || (to_jsonb(old) ->> tg_argv[0]); end if;
  if tg_op <> 'DELETE' then changed := changed || (to_jsonb(new) ->> tg_argv[0]); end if;
  for i in 1 .. coalesce(array_length(changed, 1), 0) loop
    if changed[i] is not null and not noted ? changed[i] then noted := noted || to_jsonb(changed[i]); end if;
  end loop;
  perform set_config('fitkit.schedule_changed', noted::text, true);
  return null;
end
$$;

-- Fires once per changed row at commit; the first firing writes every noted location and clears the note.
create function write_schedule_versions() returns trigger language plpgsql as $$
declare
  noted jsonb := coalesce(nullif(current_setting('fitkit.schedule_changed', true), ''), '[]')::jsonb;
begin
  if jsonb_array_length(noted) = 0 then return null; end if;
  perform set_config('fitkit.schedule_changed', '', true);
  insert into schedule_versions (location_id)
    select location_id from jsonb_array_elements_text(noted) as n (location_id) order by location_id
    on conflict (location_id) do update set version = gen_random_uuid();
  return null;
end
$$;

create trigger live_classes_schedule_noted after insert or update or delete on live_classes
  for each row execute function note_schedule_change('location_id');
create constraint trigger live_classes_schedule_versioned after insert or update or delete on live_classes
  deferrable initially deferred for each row execute function write_schedule_versions();

create trigger locations_schedule_noted after insert or update or delete on locations
  for each row execute function note_schedule_change('id');
create constraint trigger locations_schedule_versioned after insert or update or delete on locations
  deferrable initially deferred for each row execute function write_schedule_versions();

-- Emptying the classes (a test or a restore) changes every schedule.
create function write_all_schedule_versions() returns trigger language plpgsql as $$
begin
  update schedule_versions set version = gen_random_uuid();
  return null;
end
$$;
create trigger live_classes_schedule_truncated after truncate on live_classes
  for each statement execute function write_all_schedule_versions();
