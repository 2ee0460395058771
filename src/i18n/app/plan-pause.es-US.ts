import type { planPauseEn } from "../plan-pause.js";

/** Pausing a series or a calendar, in US Spanish. */
export const planPauseEsUS: Partial<Record<keyof typeof planPauseEn, string>> = {
  "pause.series": "Pausar serie",
  "pause.resumeSeries": "Reanudar serie",
  "confirm.pauseSeries": "¿Seguro que quieres pausar {series}? Tu progreso se conservará.",
  "action.yesPauseSeries": "Sí, pausar serie",
  "confirm.resumeSeries": "¿Seguro que quieres reanudar {series}? Continúas desde tu próximo entrenamiento.",
  "action.yesResumeSeries": "Sí, reanudar serie",
  "pause.calendar": "Pausar calendario",
  "pause.resumeCalendar": "Reanudar calendario",
  "confirm.pauseCalendar":
    "¿Seguro que quieres pausar {calendar}? Hoy seguirá siendo el día {day} hasta que lo reanudes.",
  "action.yesPauseCalendar": "Sí, pausar calendario",
  "confirm.resumeCalendar":
    "¿Seguro que quieres reanudar {calendar}? El día {day} pasa a ser hoy y todos los días siguientes se mueven con él.",
  "action.yesResumeCalendar": "Sí, reanudar calendario",
  "pause.paused": "En pausa",
  "pause.pausedSince": "En pausa desde el {date}",
  "pause.seriesNote":
    "Tu progreso se conserva. Los entrenamientos de esta serie que completes mientras tanto siguen contando.",
  "pause.calendarNote": "Hoy seguirá siendo el día {day} hasta que lo reanudes; el resto de tu plan te espera.",
  "pause.pausedSuccess": "{name} está en pausa.",
  "pause.resumedSuccess": "{name} está activo de nuevo.",
  "pause.shiftedDays": "Tus pausas movieron este plan {days} días más tarde.",
};
