-- The member's profile beyond the sign-up names: birthday (a calendar date) and phone ({country, number}).
alter table users add column if not exists birthday date;
alter table users add column if not exists phone jsonb;
