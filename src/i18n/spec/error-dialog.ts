/** Spec §8's error page and OOPS! dialog: the hosted app's error page and the membership flows. */
export const errorDialogEn = {
  "error.page": "Uh-oh... Something went wrong on our end.",
  "error.modalTitle": "OOPS!",
  "error.support": "If the problem persists, contact us at {email}.",
  "action.continue": "Continue",
} as const;
