-- My data: a member's request to delete their account. The request signs every device out; the account-erasure job
-- erases the member's personal data once erase_at has passed, unless the member cancelled (the row is deleted) by
-- signing in again first. After erasure the row stays, with erased_at, as the record that it was done; the users row
-- stays as a tombstone so the invoices billing law requires keep their (now anonymous) owner.
create table account_deletions (
  user_id uuid primary key references users (id) on delete cascade,
  requested_at timestamptz not null,
  erase_at timestamptz not null,
  erased_at timestamptz
);
create index account_deletions_due on account_deletions (erase_at) where erased_at is null;
