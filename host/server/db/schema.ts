import type { AccountDeletionTables } from "./tables/account-deletion.js";
import type { ActivityTables } from "./tables/activity.js";
import type { AnalyticsTables } from "./tables/analytics.js";
import type { CalendarFeedTables } from "./tables/calendar-feeds.js";
import type { CatalogueTables } from "./tables/catalogue.js";
import type { MediaTables } from "./tables/media.js";
import type { MembershipTables } from "./tables/membership.js";
import type { NumbersTables } from "./tables/numbers.js";
import type { OperatorTables } from "./tables/operator.js";
import type { PlanPausesTables } from "./tables/plan-pauses.js";
import type { PlatformTables } from "./tables/platform.js";
import type { StudiosTables } from "./tables/studios.js";

/**
 * Every table the server knows, one interface per domain (db/tables/*.ts), merged here.
 * A domain adds its tables by extending this interface with its own.
 */
export interface Database
  extends
    PlatformTables,
    CatalogueTables,
    ActivityTables,
    StudiosTables,
    MembershipTables,
    MediaTables,
    AnalyticsTables,
    PlanPausesTables,
    CalendarFeedTables,
    AccountDeletionTables,
    OperatorTables,
    NumbersTables {}
