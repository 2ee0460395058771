import type { say } from "./copy.js";
import type { Translation } from "./copy.js";
import { errorsEs } from "../../src/i18n/spec/errors.es-US.js";

/**
 * The shared labels and the spec's general errors in Latin American / US Spanish (es-US): every widget's es-US chunk
 * starts from these.
 */
export const commonEs = {
  ...errorsEs,
  loading: "Cargando…",
  retry: "Volver a intentar",
  offline: "Estás sin conexión. Mostramos lo que ya se cargó; las acciones volverán a funcionar cuando te reconectes.",
  close: "Cerrar",
} as const satisfies Translation<typeof say>;
