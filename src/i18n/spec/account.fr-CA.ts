import type { TranslationOf } from "../translate-core.js";
import type { accountEn } from "./account.js";

/** account.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const accountFr = {
  "error.signup.400": "Votre compte n’a pas pu être créé. Veuillez réessayer.",
  "error.passwordLength": "Le mot de passe doit contenir au moins 6 caractères",
  "success.accountCreated": "Votre compte a été créé.",
  "success.accountCreatedNote": "Veuillez vous reconnecter.",
  "home.welcomeBack": "Bon retour parmi nous, {name}!",
  "home.goodToSee": "Quel plaisir de vous voir, {name}!",
  "home.noFavourites": "AUCUN FAVORI POUR L’INSTANT",
} as const satisfies TranslationOf<typeof accountEn>;
