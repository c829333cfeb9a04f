import { useEffect } from "react";
import type { Event } from "../../api/index.ts";
import { useShop } from "../../app/use-shop.ts";

/**
 * The event of a route's :id, loaded through the EventStore (read inside an observer);
 * `failure` says whether it does not exist or could not be loaded (then `retry`).
 */
export function useEvent(id: string): {
  event: Event | undefined;
  failed: boolean;
  failure: "not-found" | "unavailable" | null;
  retry: () => void;
} {
  const { events } = useShop();
  useEffect(() => {
    void events.load(id);
  }, [events, id]);
  const failure = events.failure(id);
  return {
    event: events.event(id),
    failed: failure !== null,
    failure,
    retry: () => void events.load(id),
  };
}
