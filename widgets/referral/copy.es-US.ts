import type { say } from "./copy.js";
import type { Translation } from "../ui/copy.js";
import { commonEs } from "../ui/copy.es-US.js";
import { referralEs } from "../../src/i18n/spec/referral.es-US.js";

/**
 * <fit-referral> in Latin American / US Spanish (es-US): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks es-US.
 */
const copy: Translation<typeof say> = {
  ...commonEs,
  ...referralEs,
  "referral.body":
    "Regala a tus amigos $15 de descuento en su primer mes de fitkit y recibe $15 de crédito cuando se unan.",
  "referral.newTab": "(se abre en una pestaña nueva)",
};
export default copy;
