import type { TranslationOf } from "../translate-core.js";
import type { liveEn } from "./live.js";

/** live.ts in Latin American / US Spanish (es-US), loaded with the language that needs it. */
export const liveEs = {
  "error.reservation.400": "No pudimos completar tu reservación. Vuelve a intentarlo.",
  "error.reservation.notFound": "No encontramos tu reservación. Vuelve a iniciar sesión y actualiza la página.",
  "error.cancellation.400": "No pudimos completar tu cancelación. Vuelve a intentarlo.",
  "error.cancellation.relogin": "No pudimos cancelar tu reservación. Vuelve a iniciar sesión y actualiza la página.",
  "error.cancellation.404": "No encontramos tu reservación...",
  "success.reserved": "¡Tu lugar está reservado!",
  "success.reservedNote": "El enlace de la videollamada aparece 15 minutos antes de la clase.",
  "success.reservedClass": "{name} con {trainer}, {when}.",
  "success.reservedInPerson": "Te esperamos en: {place}.",
  "success.reservationCancelled": "Tu reservación está cancelada.",
  "success.addedToCalendar": "Agregaste la clase a tu calendario.",
  "confirm.cancelClass": "¿Seguro que quieres cancelar tu clase?",
  "action.cancelBooking": "Cancelar reservación",
  "action.reserve": "Reservar",
  "live.timezoneNote": "Los horarios de las clases se muestran en tu zona horaria ({timeZone}).",
  "live.freeCancelUntil": "Cancelación sin cargo hasta {time}",
  "live.freeCancelUntilToday": "Cancelación sin cargo hasta hoy a las {time}",
  "live.lateCancelNow": "Si cancelas ahora, cuenta como cancelación tardía",
  "live.confirmLateCancel": "Ya pasó la hora de cancelación sin cargo, así que esto cuenta como cancelación tardía.",
  "live.directions": "Cómo llegar",
  "live.alreadyBooked": "Ya reservaste {name}, {when}.",
  "live.alreadyBookedTitle": "Ya reservada",
  "live.notBooked": "No tienes una reservación para esta clase.",
} as const satisfies TranslationOf<typeof liveEn>;
