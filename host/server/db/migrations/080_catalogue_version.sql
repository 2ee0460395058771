-- What the search index holds has a version: a fresh random value written by every statement that changes it, in the
-- same transaction, so a reader in one snapshot sees the version of exactly the rows it read. A server saves the
-- catalogue it built its index from under that version (search/catalogue-copy.ts) and, at its next start, reads the
-- copy instead of the tables only while the version is unchanged. Random rather than counted, so two databases
-- restored from one backup and changed apart never share a version.
create table catalogue_version (
  only_row boolean primary key default true check (only_row),
  version uuid not null default gen_random_uuid()
);
insert into catalogue_version default values;

create or replace function notify_catalogue_changed() returns trigger language plpgsql as $$
begin
  update catalogue_version set version = gen_random_uuid();
  perform pg_notify('fitkit_catalogue', tg_table_name);
  return null;
end
$$;
