import type { planPauseEn } from "../plan-pause.js";

/** Pausing a series or a calendar, in Canadian French. */
export const planPauseFrCA: Partial<Record<keyof typeof planPauseEn, string>> = {
  "pause.series": "Suspendre la série",
  "pause.resumeSeries": "Reprendre la série",
  "confirm.pauseSeries": "Voulez-vous vraiment suspendre {series}? Votre progression sera conservée.",
  "action.yesPauseSeries": "Oui, suspendre la série",
  "confirm.resumeSeries":
    "Voulez-vous vraiment reprendre {series}? Vous continuez à partir de votre prochain entraînement.",
  "action.yesResumeSeries": "Oui, reprendre la série",
  "pause.calendar": "Suspendre le calendrier",
  "pause.resumeCalendar": "Reprendre le calendrier",
  "confirm.pauseCalendar":
    "Voulez-vous vraiment suspendre {calendar}? Aujourd’hui restera le jour {day} jusqu’à la reprise.",
  "action.yesPauseCalendar": "Oui, suspendre le calendrier",
  "confirm.resumeCalendar":
    "Voulez-vous vraiment reprendre {calendar}? Le jour {day} devient aujourd’hui et tous les jours suivants se décalent avec lui.",
  "action.yesResumeCalendar": "Oui, reprendre le calendrier",
  "pause.paused": "Suspendu",
  "pause.pausedSince": "Suspendu depuis le {date}",
  "pause.seriesNote":
    "Votre progression est conservée. Les entraînements de cette série que vous terminez entre-temps comptent quand même.",
  "pause.calendarNote": "Aujourd’hui reste le jour {day} jusqu’à la reprise; le reste de votre plan vous attend.",
  "pause.pausedSuccess": "{name} est suspendu.",
  "pause.resumedSuccess": "{name} a repris.",
  "pause.shiftedDays": "Vos suspensions ont décalé ce plan de {days} jours.",
};
