/** Home (product facts' greetings) and sign-up (spec §8): the hosted app only. */
export const accountEn = {
  "error.signup.400": "Your account could not be created. Please try again.",
  "error.passwordLength": "The password must be at least 6 characters",
  "success.accountCreated": "You have created an account.",
  "success.accountCreatedNote": "Please log in again.",
  "home.welcomeBack": "Welcome back, {name}!",
  "home.goodToSee": "So good to see you, {name}!",
  "home.noFavourites": "NO FAVORITES YET",
} as const;
