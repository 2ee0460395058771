/** The spec's copy every surface shows: the error catalogue's general messages (spec §8), the shared actions and the workout length. */
export const errorsEn = {
  "error.page": "Uh-oh... Something went wrong on our end.",
  "error.loading": "It looks like we are having trouble loading this page. Please try again in a few minutes.",
  "error.loadingWithCode": "It looks like we are having trouble loading this page. Please try again in a few minutes. ({code})",
  "error.unexpected": "An unexpected error occurred",
  "error.unauthorized": "Unauthorized",
  "error.modalTitle": "OOPS!",
  "error.support": "If the problem persists, contact us at {email}.",
  "action.goBack": "Go Back",
  "action.continue": "Continue",
  "workout.minutes": "{minutes} Min",
} as const;
