/** Business constants of the landing pages (spec §9). */
export const ORGANIZER_COMMISSION = { minPercent: 15, maxPercent: 40, days: 50 } as const;
export const PHOTOGRAPHER_PAY = { perEvent: 5000, eventHours: 4, extraHour: 1500 } as const;
export const MARKETING = {
  faceRecognitionPercent: 98,
  uniqueVisitorsMillions: 1.3,
  accounts: 430244,
  campaignDays: "2–3",
  campaignReachPercent: 90,
} as const;
