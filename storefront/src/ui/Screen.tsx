import { type ReactNode, useEffect, useRef } from "react";
import { useStores } from "../stores/context.tsx";

let firstScreen = true;

/**
 * A screen's frame: sets the document title and, after an in-app navigation, moves focus to
 * the heading so screen-reader and keyboard users start at the new content.
 */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  const { settings } = useStores();
  const heading = useRef<HTMLHeadingElement>(null);
  const tenantName = settings.settings.tenantName;

  useEffect(() => {
    document.title = title === tenantName ? title : `${title} — ${tenantName}`;
  }, [title, tenantName]);

  useEffect(() => {
    if (firstScreen) firstScreen = false;
    else heading.current?.focus();
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
