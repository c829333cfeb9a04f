/** The seeded events. Dates and names are fixed so every run shows the same shop. */
export interface EventSeed {
  eventId: string;
  externalEventId: string;
  name: string;
  /** YYYY-MM-DD */
  date: string;
  /** When the first photo was taken (ISO). */
  startsAt: string;
  location: string;
  distances: string[];
  photoCount: number;
  currencyId: number;
  photosProcessing: boolean;
  photographers: string[];
  /** Which participant name list the event uses. */
  names: "ru" | "en";
  /** Base colour of the event's photos (HSL hue). */
  hue: number;
}

export const EVENT_SEEDS: readonly EventSeed[] = [
  {
    eventId: "1001",
    externalEventId: "moscow-marathon-2025",
    name: "Moscow Marathon 2025",
    date: "2025-09-21",
    startsAt: "2025-09-21T05:00:00.000Z",
    location: "Moscow",
    distances: ["42K", "10K"],
    photoCount: 10_000,
    currencyId: 643,
    photosProcessing: false,
    photographers: ["Anna Orlova", "Pavel Egorov", "Irina Belova", "Oleg Titov"],
    names: "ru",
    hue: 205,
  },
  {
    eventId: "1002",
    externalEventId: "ironstar-sochi-2025",
    name: "IronStar Sochi 2025",
    date: "2025-05-18",
    startsAt: "2025-05-18T04:30:00.000Z",
    location: "Sochi",
    distances: ["Olympic", "Sprint"],
    photoCount: 240,
    currencyId: 643,
    photosProcessing: false,
    photographers: ["Maxim Zaitsev", "Elena Gromova"],
    names: "ru",
    hue: 25,
  },
  {
    eventId: "1003",
    externalEventId: "kazan-night-run-2025",
    name: "Kazan Night Run 2025",
    date: "2025-08-09",
    startsAt: "2025-08-09T18:00:00.000Z",
    location: "Kazan",
    distances: ["10K", "5K"],
    photoCount: 60,
    currencyId: 643,
    photosProcessing: false,
    photographers: ["Timur Safin"],
    names: "ru",
    hue: 265,
  },
  {
    eventId: "1004",
    externalEventId: "hudson-valley-trail-2025",
    name: "Hudson Valley Trail 10K 2025",
    date: "2025-10-05",
    startsAt: "2025-10-05T12:00:00.000Z",
    location: "New Paltz, NY",
    distances: ["10K"],
    photoCount: 120,
    currencyId: 840,
    photosProcessing: false,
    photographers: ["Kate Miller", "Sam Reed"],
    names: "en",
    hue: 120,
  },
  {
    eventId: "1005",
    externalEventId: "spring-trail-2026",
    name: "Spring Trail 2026",
    date: "2026-04-26",
    startsAt: "2026-04-26T06:00:00.000Z",
    location: "Moscow region",
    distances: ["25K", "12K"],
    photoCount: 0,
    currencyId: 643,
    photosProcessing: true,
    photographers: [],
    names: "ru",
    hue: 90,
  },
];

export const albumIdOf = (eventId: string) => `a${eventId}`;
export const catalogIdOf = (eventId: string) => `c${eventId}`;
