-- The device a login was made on, as a readable name from the browser's User-Agent ("Chrome on macOS"), recorded at
-- sign-in and on each refresh: the console's member page and support can tell a member's devices apart. Null for
-- logins made before it was recorded, or from a client that sent no User-Agent.
alter table refresh_tokens add column device text;
