import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  given_name: string;
  family_name: string;
  opt_in: Generated<boolean>;
  waiver_accepted_at: Timestamp | null;
  demo_state: Generated<string>;
  token_version: Generated<number>;
  deactivated_at: Timestamp | null;
  /** A calendar date; read back as `YYYY-MM-DD` text (see services/profile.ts). */
  birthday: ColumnType<string | null, string | null | undefined, string | null>;
  /** `{country: "US" | "CA", number}` as the member saved it, or null. */
  phone: ColumnType<object | null, string | null | undefined, string | null>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** "Chrome on macOS": the device the login was made (or last refreshed) on, from its User-Agent. */
  device: ColumnType<string | null, string | null | undefined, string | null>;
}

interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: DefaultedTimestamp;
  sent_at: Timestamp | null;
  /** Written inside a transaction by queueMail; delivered after the commit by the mailer (079). */
  queued: Generated<boolean>;
}

interface ServerKeysTable {
  name: string;
  value: string;
  created_at: DefaultedTimestamp;
}

interface UserAttributesTable {
  user_id: string;
  name: string;
  value: ColumnType<unknown, string, string>;
  updated_at: DefaultedTimestamp;
}

export interface PlatformTables {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  server_keys: ServerKeysTable;
  user_attributes: UserAttributesTable;
}
