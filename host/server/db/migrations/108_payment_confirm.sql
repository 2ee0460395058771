-- A sandbox test card saved fine whose every charge waits for the member's authentication (Stripe's
-- requires_action, as 4000 0027 6000 3184 does at Stripe): the member completes it on the confirm page.
alter table payment_methods drop constraint payment_methods_behavior_check;
alter table payment_methods add constraint payment_methods_behavior_check
  check (behavior in ('succeed', 'decline', 'decline_on_charge', 'stolen_on_charge', 'authenticate_on_charge'));
