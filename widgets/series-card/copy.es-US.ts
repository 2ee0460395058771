import type { say } from "./copy.js";
import type { Translation } from "../ui/copy.js";
import { commonEs } from "../ui/copy.es-US.js";
import { seriesEs } from "../../src/i18n/spec/series.es-US.js";

/**
 * <fit-series-card> in Latin American / US Spanish (es-US): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks es-US.
 */
const copy: Translation<typeof say> = {
  ...commonEs,
  ...seriesEs,
  "series.workouts": "{count} entrenamientos",
  "series.workouts#one": "{count} entrenamiento",
  "series.trainers": "Entrenadores",
  "series.equipment": "Equipo",
  "series.next": "Tu próximo entrenamiento",
  "series.leaveTitle": "Salir de la serie",
  "series.notFound": "Esta serie no está disponible.",
};
export default copy;
