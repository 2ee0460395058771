-- Live spot counts (issue 18): every change to a class's counts, capacity or cancellation is announced on the
-- 'fitkit_spots' channel, whoever writes it (booking, cancelling, the waitlist, staff), so each server process can
-- push it to the open schedules of that location (GET /studios/live-classes/stream). The payload is small (well under
-- PostgreSQL's 8000-byte limit): {id, location_id, booked, capacity, waitlisted, cancelled}.
create function notify_live_class_spots() returns trigger language plpgsql as $$
begin
  perform pg_notify('fitkit_spots', json_build_object(
    'id', new.id,
    'location_id', new.location_id,
    'booked', new.booked,
    'capacity', new.capacity,
    'waitlisted', new.waitlisted,
    'cancelled', new.cancelled_at is not null
  )::text);
  return null;
end;
$$;

create trigger live_class_spots_inserted after insert on live_classes
  for each row execute function notify_live_class_spots();
-- Only when a count really changed: an UPDATE that sets a column to its own value announces nothing.
create trigger live_class_spots_changed after update of booked, waitlisted, capacity, cancelled_at on live_classes
  for each row when (
    old.booked is distinct from new.booked
    or old.waitlisted is distinct from new.waitlisted
    or old.capacity is distinct from new.capacity
    or (old.cancelled_at is null) <> (new.cancelled_at is null)
  )
  execute function notify_live_class_spots();
