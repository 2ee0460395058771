-- Avoid filters: what a workout loads or involves ("strain" tags), so a member can leave such workouts out of the
-- library (src/domain/avoid.ts names them). NULL = not assessed yet: the seed step catalogue/strain derives the tags
-- of such workouts from what each is (category, title, equipment, focus); '{}' = assessed, none.
alter table workouts add column strain text[]
  check (strain <@ array['jumping', 'wrists', 'shoulders', 'knees', 'lower-back', 'floor']::text[]);
