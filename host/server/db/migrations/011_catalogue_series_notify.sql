-- The search index also holds which workouts each series has (seriesWorkoutsParam): series edits rebuild it too.
create trigger series_changed after insert or update or delete or truncate on series
  for each statement execute function notify_catalogue_changed();
create trigger series_items_changed after insert or update or delete or truncate on series_items
  for each statement execute function notify_catalogue_changed();
