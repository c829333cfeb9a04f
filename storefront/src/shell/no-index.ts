import { useEffect } from "react";

/**
 * Keeps the page out of search indexes while the screen is shown (`<meta name="robots"
 * content="noindex">`): a cart, a checkout or an order is one visitor's, never a search result.
 * The prerendered cart page carries the tag already; the order pages share the shell with event
 * pages, which are indexed, so the screen adds it when it renders (crawlers run the app).
 */
export function useNoIndex(): void {
  useEffect(() => {
    if (document.querySelector('meta[name="robots"]')) return;
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex";
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
