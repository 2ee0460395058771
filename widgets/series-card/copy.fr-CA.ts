import type { say } from "./copy.js";
import type { Translation } from "../ui/copy.js";
import { commonFr } from "../ui/copy.fr-CA.js";
import { seriesFr } from "../../src/i18n/spec/series.fr-CA.js";

/**
 * <fit-series-card> in Canadian French (fr-CA): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks fr-CA.
 */
const copy: Translation<typeof say> = {
  ...commonFr,
  ...seriesFr,
  "series.workouts": "{count} entraînements",
  "series.workouts#one": "{count} entraînement",
  "series.trainers": "Entraîneurs",
  "series.equipment": "Équipement",
  "series.next": "Votre prochain entraînement",
  "series.leaveTitle": "Quitter la série",
  "series.notFound": "Cette série n’est pas disponible.",
};
export default copy;
