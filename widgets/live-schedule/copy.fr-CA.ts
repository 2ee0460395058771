import type { say } from "./copy.js";
import type { sayWaitlist } from "./waitlist-copy.js";
import type { Translation } from "../ui/copy.js";
import { translateRefusal } from "../../src/i18n/refusals.js";
import { commonFr } from "../ui/copy.fr-CA.js";
import { liveFr } from "../../src/i18n/spec/live.fr-CA.js";
import { refusalsFr } from "../../src/i18n/spec/refusals.fr-CA.js";

/**
 * <fit-live-schedule> in Canadian French (fr-CA): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks fr-CA.
 */
const copy: Translation<typeof say> & Translation<typeof sayWaitlist> = {
  ...commonFr,
  ...liveFr,
  ...refusalsFr,
  "live.title": "Cours en direct",
  "live.allLocations": "Tous les studios",
  "live.previousWeek": "Semaine précédente",
  "live.nextWeek": "Semaine suivante",
  "live.zoneNote": "Les heures des cours sont affichées en {timeZone}, le fuseau horaire du studio.",
  "live.days": "Choisissez un jour",
  "live.noClasses": "Aucun cours ce jour-là",
  "live.noClassesHint": "Essayez un autre jour de la semaine.",
  "live.filters": "Filtrer les cours",
  "live.filterType": "Type de cours",
  "live.filterTrainer": "Entraîneur",
  "live.filterRoom": "Salle",
  "live.filterAll": "Tous",
  "live.noMatches": "Aucun cours ne correspond à vos filtres ce jour-là",
  "live.clearFilters": "Effacer les filtres",
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
  "live.bookingOpens": "Les réservations ouvrent {time}",
  // The waitlist's labels (waitlist-copy.ts, a part loaded when a class is full).
  "live.joinWaitlist": "M’inscrire sur la liste d’attente",
  "live.leaveWaitlist": "Quitter la liste d’attente",
  "live.waitlistPosition": "{position} sur la liste d’attente",
  "live.waitlistWaiting": "Complet · {count} sur la liste d’attente",
  "live.waitlistFull": "Complet · liste d’attente pleine",
  "live.waitlistEmpty": "Complet · personne sur la liste d’attente pour l’instant",
  "live.joinedWaitlist": "Vous êtes {position} sur la liste d’attente.",
  "live.leftWaitlist": "Vous avez quitté la liste d’attente.",
  "live.autoBookUntil":
    "Si une place se libère avant {time}, vous êtes inscrit automatiquement et prévenu par courriel.",
  "live.promoted": "Une place s’est libérée : vous êtes inscrit à {name}.",
};
/**
 * The server's refusal of a booking or waitlist place (its error body, src/i18n/spec/refusals.ts) in fr-CA; undefined
 * when it is not a known one. The waitlist part asks this chunk, so an English page carries no translations.
 */
export const refusal = (body: unknown) => translateRefusal(body, copy, "fr-CA");

export default copy;
