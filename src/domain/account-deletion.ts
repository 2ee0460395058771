/**
 * Deleting an account (My data): the request signs the member out everywhere, and the account is erased this many
 * days later unless the member cancels the deletion by signing in again. The server schedules the erasure with it;
 * the app says it in the confirmation.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/** The name of the data export's archive for a day (`YYYY-MM-DD`). */
export const dataExportFilename = (day: string) => `fitkit-data-${day}.zip`;
