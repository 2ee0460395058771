/**
 * Pausing a series or a calendar ("vacation"): the buttons, the confirmations in the spec's confirmation style
 * ("Are you sure you want to …?" with "Yes, …" and Go Back) and the paused status.
 */
export const planPauseEn = {
  "pause.series": "Pause Series",
  "pause.resumeSeries": "Resume Series",
  "confirm.pauseSeries": "Are you sure you want to pause {series}? Your progress will be kept.",
  "action.yesPauseSeries": "Yes, Pause Series",
  "confirm.resumeSeries": "Are you sure you want to resume {series}? You carry on from your next workout.",
  "action.yesResumeSeries": "Yes, Resume Series",
  "pause.calendar": "Pause Calendar",
  "pause.resumeCalendar": "Resume Calendar",
  "confirm.pauseCalendar": "Are you sure you want to pause {calendar}? Today stays day {day} until you resume.",
  "action.yesPauseCalendar": "Yes, Pause Calendar",
  "confirm.resumeCalendar":
    "Are you sure you want to resume {calendar}? Day {day} becomes today and every later day moves with it.",
  "action.yesResumeCalendar": "Yes, Resume Calendar",
  "pause.paused": "Paused",
  "pause.pausedSince": "Paused since {date}",
  "pause.seriesNote": "Your progress is kept. Workouts of this series you complete meanwhile still count.",
  "pause.calendarNote": "Today stays day {day} until you resume; the rest of your plan waits for you.",
  "pause.pausedSuccess": "{name} is paused.",
  "pause.resumedSuccess": "{name} is running again.",
  "pause.shiftedDays": "Your pauses moved this plan {days} days later.",
} as const;
