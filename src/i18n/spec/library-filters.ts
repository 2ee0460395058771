/** The workout library's filter dialog (spec §3, §9): group names, the live recordings default, equipment match. */
export const libraryFiltersEn = {
  "filter.length": "Class Length",
  "filter.level": "Level",
  "filter.pacing": "Pacing",
  "filter.trainer": "Trainers",
  "filter.equipment": "Equipment",
  "filter.focus": "Body Focus",
  "filter.benefits": "Benefits",
  "filter.collections": "Collections",
  "filter.live.all": "Show all",
  "filter.equipment.selected": "Selected equipment only",
  "filter.equipment.additional": "Selected & additional equipment",
} as const;
