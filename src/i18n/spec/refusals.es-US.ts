import type { TranslationOf } from "../translate-core.js";
import type { refusalsEn } from "./refusals.js";

/** refusals.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const refusalsEs = {
  "refusal.membershipRequired":
    "Reservar clases en vivo es parte de la membresía. Inicia o renueva la tuya para reservar.",
  "refusal.classCancelled": "Esta clase se canceló.",
  "refusal.classStarted": "Esta clase ya empezó.",
  "refusal.alreadyBooked": "Ya tienes una reservación para esta clase.",
  "refusal.bookingOpens": "Podrás reservar esta clase a partir de: {opens} ({count} día(s) antes de que empiece).",
  "refusal.openBookingsLimit":
    "Llegaste al máximo de reservaciones abiertas y lugares en listas de espera en {location} ({count}). Cancela una para reservar otra.",
  "refusal.alreadyWaiting": "Ya estás en la lista de espera de esta clase.",
  "refusal.waitingAtSameTime":
    "Ya estás en la lista de espera de {classType} a la misma hora; primero sal de esa lista.",
  "refusal.spotsLeft": "Esta clase todavía tiene lugares: mejor resérvala.",
  "refusal.waitlistFull": "La lista de espera de esta clase está llena.",
  "refusal.bookedFromWaitlist": "La lista de espera ya te reservó un lugar: mejor cancela la reservación.",
  "refusal.noLongerWaiting": "Ya no estás en esta lista de espera.",
  "refusal.entryNotFound": "No encontramos tu lugar en la lista de espera.",
} as const satisfies TranslationOf<typeof refusalsEn>;
