-- Mux webhook deliveries already handled, by Mux's event id: Mux retries a delivery until it is acknowledged, and a
-- retry of a handled event must change nothing.
create table mux_webhook_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null
);
