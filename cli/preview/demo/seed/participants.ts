/** Participants with bib numbers and surnames, and the photos each of them is on. */
import { createRandom, hashString, randomInt, sample } from "../random.ts";
import type { EventSeed } from "./events.ts";

export interface Participant {
  competitorId: string;
  eventId: string;
  number: string;
  surname: string;
  firstName: string;
  distance: string;
  /** Photo numbers (1-based) the participant is on, sorted. */
  photos: number[];
}

const NAMES = {
  ru: [
    ["Ivanov", "Alexey"],
    ["Petrova", "Maria"],
    ["Smirnov", "Dmitry"],
    ["Kuznetsova", "Anna"],
    ["Popov", "Sergey"],
    ["Sokolova", "Elena"],
    ["Lebedev", "Ivan"],
    ["Novikova", "Olga"],
    ["Morozov", "Pavel"],
    ["Volkova", "Daria"],
    ["Fedorov", "Nikita"],
    ["Orlova", "Ksenia"],
  ],
  en: [
    ["Smith", "John"],
    ["Johnson", "Emily"],
    ["Williams", "Michael"],
    ["Brown", "Sarah"],
    ["Jones", "David"],
    ["Garcia", "Lucia"],
    ["Miller", "James"],
    ["Davis", "Laura"],
    ["Wilson", "Robert"],
    ["Anderson", "Julia"],
    ["Taylor", "Chris"],
    ["Thomas", "Megan"],
  ],
} as const;

/** Bib numbers of event number k (0-based) start at (k + 1) × 100 + 1: 101, 201, 301… */
export function participantsOf(event: EventSeed, eventIndex: number, seed: number): Participant[] {
  const random = createRandom(hashString(`${seed}:${event.eventId}:participants`));
  const names = NAMES[event.names];
  return names.map(([surname, firstName], k) => {
    const number = String((eventIndex + 1) * 100 + 1 + k);
    // The last participant is on no photo at all: "nothing found for this participant".
    const count = k === names.length - 1 ? 0 : randomInt(random, 8, 30);
    return {
      competitorId: `${event.eventId}-${number}`,
      eventId: event.eventId,
      number,
      surname,
      firstName,
      distance: event.distances[k % event.distances.length] ?? "",
      photos: sample(random, event.photoCount, count),
    };
  });
}
