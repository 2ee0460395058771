import type { say } from "./copy.js";
import type { Translation } from "../ui/copy.js";
import { commonFr } from "../ui/copy.fr-CA.js";
import { referralFr } from "../../src/i18n/spec/referral.fr-CA.js";

/**
 * <fit-referral> in Canadian French (fr-CA): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks fr-CA.
 */
const copy: Translation<typeof say> = {
  ...commonFr,
  ...referralFr,
  "referral.body":
    "Offrez à vos amis 15 $ de rabais sur leur premier mois de fitkit et recevez 15 $ de crédit quand ils s’inscrivent.",
  "referral.newTab": "(s’ouvre dans un nouvel onglet)",
};
export default copy;
