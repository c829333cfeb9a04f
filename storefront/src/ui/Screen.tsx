import { type ReactNode, useEffect, useRef } from "react";
import { useNavigationType } from "react-router-dom";
import { useStores } from "../stores/context.tsx";

let firstScreen = true;

/**
 * A screen's frame: sets the document title and, after an in-app navigation, moves focus to
 * the heading so screen-reader and keyboard users start at the new content.
 */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  const { settings } = useStores();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigationType();
  const tenantName = settings.settings.tenantName;

  useEffect(() => {
    document.title = title === tenantName ? title : `${title} — ${tenantName}`;
  }, [title, tenantName]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the navigation that mounted it
  useEffect(() => {
    if (firstScreen) firstScreen = false;
    // A new screen opens at its top (useScrollRestoration), where the heading shows below the
    // bar (scroll-padding-top); back/forward keep the position restored for the entry.
    else heading.current?.focus({ preventScroll: navigation === "POP" });
  }, []);

  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
