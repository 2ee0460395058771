/**
 * The spec's copy every surface shows: the error catalogue's general messages (spec §8), the shared actions and the
 * workout length.
 */
export const errorsEn = {
  "error.loading": "It looks like we are having trouble loading this page. Please try again in a few minutes.",
  "error.loadingWithCode":
    "It looks like we are having trouble loading this page. Please try again in a few minutes. ({code})",
  "error.unexpected": "An unexpected error occurred",
  "action.goBack": "Go Back",
  "workout.minutes": "{minutes} Min",
} as const;
