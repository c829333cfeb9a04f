import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router-dom";
import { tenantStorage } from "../stores/tenant-storage.ts";
import { ScrollManager, type ScrollNavigation, type ScrollPort } from "./scroll-restoration.ts";

/** The window as the manager sees it; session storage as the tenant's (its key carries the id). */
function browserPort(tenant: string): ScrollPort {
  let storage: ScrollPort["storage"] = null;
  try {
    storage = tenantStorage(window.sessionStorage, tenant);
  } catch {
    // Storage blocked (privacy settings): positions are kept for this page's life only.
  }
  return {
    scrollY: () => window.scrollY,
    scrollTo: (y) => window.scrollTo({ top: y, left: 0, behavior: "instant" }),
    scrollToHash: (hash) => {
      const id = decodeURIComponent(hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      target?.scrollIntoView();
      return target !== null;
    },
    now: () => performance.now(),
    storage,
  };
}

/** The page load: a reload or a return by back/forward restores its position. */
function loadKind(): ScrollNavigation {
  const nav = performance.getEntriesByType?.("navigation")[0] as
    | PerformanceNavigationTiming
    | undefined;
  return nav?.type === "reload" || nav?.type === "back_forward" ? "RELOAD" : "LOAD";
}

/**
 * Every screen opens at its top; back/forward (and a reload) return to the entry's position.
 * Mounted once inside the router. Only effects touch the window, so rendering (and hydration of
 * prerendered HTML) stays deterministic.
 */
export function useScrollRestoration(tenant: string): void {
  const location = useLocation();
  const navigation = useNavigationType();
  const manager = useRef<ScrollManager | null>(null);
  const restore = useRef<(() => void) | null>(null);

  useLayoutEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
    const m = new ScrollManager(browserPort(tenant));
    manager.current = m;
    let frame = 0;
    // Each frame while a restoration waits: the page grows as a lazy screen and its data arrive.
    const retry = () => {
      cancelAnimationFrame(frame);
      if (m.retry()) frame = requestAnimationFrame(retry);
    };
    restore.current = retry;
    const onScroll = () => m.record();
    const onHide = () => {
      m.record();
      m.persist();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") onHide();
    };
    const onInput = () => m.cancel();
    const input = ["wheel", "touchstart", "keydown", "mousedown"] as const;
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onHide);
    document.addEventListener("visibilitychange", onVisibility);
    for (const type of input) window.addEventListener(type, onInput, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onHide);
      document.removeEventListener("visibilitychange", onVisibility);
      for (const type of input) window.removeEventListener(type, onInput);
      manager.current = null;
      restore.current = null;
    };
  }, [tenant]);

  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per history entry (its key)
  useLayoutEffect(() => {
    const m = manager.current;
    if (!m) return;
    const how: ScrollNavigation = first.current ? loadKind() : navigation;
    first.current = false;
    m.navigate(
      {
        key: location.key,
        pathname: location.pathname,
        search: location.search,
        hash: location.hash,
      },
      how,
    );
    if (m.waitingFor !== null) restore.current?.();
  }, [location.key]);
}
