/** The referral button (spec §2, §9). */
export const referralEn = {
  "referral.member": "GIVE ${amount}, GET ${amount}",
  "referral.visitor": "GET STARTED FOR FREE",
} as const;
