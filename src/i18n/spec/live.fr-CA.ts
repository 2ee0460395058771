import type { TranslationOf } from "../translate-core.js";
import type { liveEn } from "./live.js";

/** live.ts in Canadian French (fr-CA), loaded with the language that needs it. */
export const liveFr = {
  "error.reservation.400": "Votre réservation n’a pas pu être effectuée. Veuillez réessayer.",
  "error.reservation.notFound":
    "Nous n’avons pas trouvé votre réservation. Veuillez vous reconnecter et actualiser la page.",
  "error.cancellation.400": "Votre annulation n’a pas pu être effectuée. Veuillez réessayer.",
  "error.cancellation.relogin":
    "Nous n’avons pas pu annuler votre réservation. Veuillez vous reconnecter et actualiser la page.",
  "error.cancellation.404": "Nous n’avons pas trouvé votre réservation…",
  "success.reserved": "Votre place est réservée!",
  "success.reservedNote": "Le lien de la vidéoconférence s’affiche 15 minutes avant le cours.",
  "success.reservedClass": "{name} avec {trainer}, {when}.",
  "success.reservedInPerson": "Au plaisir de vous voir : {place}.",
  "success.reservationCancelled": "Votre réservation est annulée.",
  "success.addedToCalendar": "Le cours a été ajouté à votre calendrier.",
  "confirm.cancelClass": "Voulez-vous vraiment annuler votre cours?",
  "action.cancelBooking": "Annuler la réservation",
  "action.reserve": "Réserver",
  "live.timezoneNote": "Les heures des cours sont affichées dans votre fuseau horaire ({timeZone}).",
  "live.freeCancelUntil": "Annulation sans frais jusqu’à {time}",
  "live.freeCancelUntilToday": "Annulation sans frais jusqu’à {time} aujourd’hui",
  "live.lateCancelNow": "Annuler maintenant compte comme une annulation tardive",
  "live.confirmLateCancel":
    "L’heure d’annulation sans frais est passée : cette annulation compte comme une annulation tardive.",
  "live.directions": "Itinéraire",
  "live.alreadyBooked": "Vous avez déjà réservé {name}, {when}.",
  "live.alreadyBookedTitle": "Déjà réservé",
  "live.notBooked": "Vous n’avez pas de réservation pour ce cours.",
} as const satisfies TranslationOf<typeof liveEn>;
