import type { TranslationOf } from "../translate-core.js";
import type { accountEn } from "./account.js";

/** account.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const accountEs = {
  "error.signup.400": "No pudimos crear tu cuenta. Vuelve a intentarlo.",
  "error.passwordLength": "La contraseña debe tener al menos 6 caracteres",
  "success.accountCreated": "Creaste tu cuenta.",
  "success.accountCreatedNote": "Vuelve a iniciar sesión.",
  "home.welcomeBack": "¡Qué bueno verte de nuevo, {name}!",
  "home.goodToSee": "¡Qué gusto verte, {name}!",
  "home.noFavourites": "AÚN NO TIENES FAVORITOS",
} as const satisfies TranslationOf<typeof accountEn>;
