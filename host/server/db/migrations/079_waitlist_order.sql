-- Waitlist order (issue 18, member side). Members who join in the same instant (the clock's now, or a test clock)
-- would tie on created_at; the identity is drawn after the join has taken the class row's lock (the conditional
-- UPDATE of live_classes.waitlisted), so its order is the order joins commit: position is the order of `seq`.
alter table waitlist_entries add column seq bigint generated always as identity;
create index waitlist_entries_queue on waitlist_entries (class_id, seq) where status = 'waiting';

-- Mail written inside a transaction (a waitlist promotion, a spot-open notice) so it exists exactly when the change
-- commits; with SMTP configured the mailer delivers queued rows after the commit (Mailer.deliverQueued).
alter table mail_outbox add column queued boolean not null default false;
create index mail_outbox_queued on mail_outbox (id) where queued and sent_at is null;
