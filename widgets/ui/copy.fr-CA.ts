import type { say } from "./copy.js";
import type { Translation } from "./copy.js";
import { errorsFr } from "../../src/i18n/spec/errors.fr-CA.js";

/**
 * The shared labels and the spec's general errors in Canadian French (fr-CA): every widget's fr-CA chunk
 * starts from these.
 */
export const commonFr = {
  ...errorsFr,
  loading: "Chargement…",
  retry: "Réessayer",
  offline:
    "Vous êtes hors ligne. Le contenu déjà chargé reste affiché; les actions fonctionneront de nouveau à votre reconnexion.",
  close: "Fermer",
} as const satisfies Translation<typeof say>;
