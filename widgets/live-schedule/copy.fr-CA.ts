import type { say } from "./copy.js";
import type { Translation } from "../ui/copy.js";
import { commonFr } from "../ui/copy.fr-CA.js";
import { liveFr } from "../../src/i18n/spec/live.fr-CA.js";

/**
 * <fit-live-schedule> in Canadian French (fr-CA): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks fr-CA.
 */
const copy: Translation<typeof say> = {
  ...commonFr,
  ...liveFr,
  "live.title": "Cours en direct",
  "live.allLocations": "Tous les studios",
  "live.previousWeek": "Semaine précédente",
  "live.nextWeek": "Semaine suivante",
  "live.zoneNote": "Les heures des cours sont affichées en {timeZone}, le fuseau horaire du studio.",
  "live.days": "Choisissez un jour",
  "live.noClasses": "Aucun cours ce jour-là",
  "live.noClassesHint": "Essayez un autre jour de la semaine.",
  "live.spotsLeft": "{count} places restantes",
  "live.spotsLeft#one": "{count} place restante",
  "live.full": "Complet",
  "live.started": "En cours",
  "live.minutes": "{minutes} min",
  "live.with": "avec {trainer}",
  "live.cancel": "Annuler",
  "live.checkIn": "Confirmer ma présence",
  "live.checkedIn": "Présence confirmée",
  "live.join": "Rejoindre la vidéoconférence",
  "live.addToCalendar": "Ajouter au calendrier",
  "live.nextBooked": "Votre prochain cours",
  "live.signInToReserve": "Réserver ouvre la page de réservation de fitkit dans une nouvelle fenêtre.",
  "live.popupBlocked":
    "Votre navigateur a bloqué la fenêtre de réservation. Autorisez les fenêtres contextuelles pour ce site et réessayez.",
};
export default copy;
