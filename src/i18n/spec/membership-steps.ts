/** Membership steps (spec §3, §8): the plan confirmation and cancel steps' actions, which the panel names too. */
export const membershipStepsEn = {
  "action.agree": "YES, I AGREE",
  "action.takeMeBack": "No, take me back",
  "action.cancelAnyway": "CANCEL ANYWAY",
  "action.keepWorkingOut": "Nevermind! I want to keep working out.",
  "action.noThanksCancel": "No thanks, cancel my membership.",
} as const;
