import { useEffect } from "react";
import type { Event } from "../../api/index.ts";
import { useShop } from "../../stores/shop.ts";

/** The event of a route's :id, loaded through the EventStore (read inside an observer). */
export function useEvent(id: string): { event: Event | undefined; failed: boolean } {
  const { events } = useShop();
  useEffect(() => {
    void events.load(id);
  }, [events, id]);
  return { event: events.event(id), failed: events.errors.has(id) };
}
