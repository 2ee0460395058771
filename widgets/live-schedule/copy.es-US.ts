import type { say } from "./copy.js";
import type { sayWaitlist } from "./waitlist-copy.js";
import type { Translation } from "../ui/copy.js";
import { translateRefusal } from "../../src/i18n/refusals.js";
import { commonEs } from "../ui/copy.es-US.js";
import { liveEs } from "../../src/i18n/spec/live.es-US.js";
import { refusalsEs } from "../../src/i18n/spec/refusals.es-US.js";

/**
 * <fit-live-schedule> in Latin American / US Spanish (es-US): its own labels (the English
 * ones are in copy.ts), the shared labels and its areas of the spec's catalogue; a chunk of its own, fetched the
 * first time an element speaks es-US.
 */
const copy: Translation<typeof say> & Translation<typeof sayWaitlist> = {
  ...commonEs,
  ...liveEs,
  ...refusalsEs,
  "live.title": "Clases en vivo",
  "live.allLocations": "Todas las sedes",
  "live.previousWeek": "Semana anterior",
  "live.nextWeek": "Semana siguiente",
  "live.zoneNote": "Los horarios de las clases se muestran en {timeZone}, la zona horaria del estudio.",
  "live.days": "Elige un día",
  "live.noClasses": "No hay clases este día",
  "live.noClassesHint": "Prueba con otro día de la semana.",
  "live.filters": "Filtrar clases",
  "live.filterType": "Tipo de clase",
  "live.filterTrainer": "Entrenador",
  "live.filterRoom": "Sala",
  "live.filterAll": "Todos",
  "live.noMatches": "Ninguna clase coincide con tus filtros este día",
  "live.clearFilters": "Quitar filtros",
  "live.spotsLeft": "Quedan {count} lugares",
  "live.spotsLeft#one": "Queda {count} lugar",
  "live.full": "Completa",
  "live.started": "En curso",
  "live.minutes": "{minutes} min",
  "live.with": "con {trainer}",
  "live.cancel": "Cancelar",
  "live.checkIn": "Registrar llegada",
  "live.checkedIn": "Llegada registrada",
  "live.join": "Unirme a la videollamada",
  "live.addToCalendar": "Agregar al calendario",
  "live.nextBooked": "Tu próxima clase",
  "live.signInToReserve": "Reservar abre la página de reservaciones de fitkit en una ventana nueva.",
  "live.popupBlocked":
    "Tu navegador bloqueó la ventana de reservación. Permite las ventanas emergentes para este sitio y vuelve a intentarlo.",
  "live.bookingOpens": "Las reservaciones abren {time}",
  // The waitlist's labels (waitlist-copy.ts, a part loaded when a class is full).
  "live.joinWaitlist": "Unirme a la lista de espera",
  "live.leaveWaitlist": "Salir de la lista de espera",
  "live.waitlistPosition": "{position} en la lista de espera",
  "live.waitlistWaiting": "Completa · {count} en la lista de espera",
  "live.waitlistFull": "Completa · lista de espera llena",
  "live.waitlistEmpty": "Completa · nadie en la lista de espera todavía",
  "live.joinedWaitlist": "Estás {position} en la lista de espera.",
  "live.leftWaitlist": "Saliste de la lista de espera.",
  "live.autoBookUntil":
    "Si se libera un lugar antes de las {time}, te reservamos automáticamente y te avisamos por correo.",
  "live.promoted": "Se liberó un lugar: tienes reservada {name}.",
};
/**
 * The server's refusal of a booking or waitlist place (its error body, src/i18n/spec/refusals.ts) in es-US; undefined
 * when it is not a known one. The waitlist part asks this chunk, so an English page carries no translations.
 */
export const refusal = (body: unknown) => translateRefusal(body, copy, "es-US");

export default copy;
