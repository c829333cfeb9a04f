import { type ReactNode, useEffect, useRef } from "react";
import { useContentReady } from "../shell/hydration.tsx";
import { useStores } from "../stores/context.tsx";

let firstScreen = true;

/**
 * A screen's frame: sets the document title and, after an in-app navigation, moves focus to
 * the heading so screen-reader and keyboard users start at the new content.
 */
export function Screen({
  title,
  hero,
  intro,
  children,
}: {
  title: string;
  /** An image behind the heading and `intro` (home's hero). */
  hero?: ReactNode;
  /** What belongs with the heading: over the hero when there is one. */
  intro?: ReactNode;
  children?: ReactNode;
}) {
  const { settings } = useStores();
  const heading = useRef<HTMLHeadingElement>(null);
  const tenantName = settings.settings.tenantName;
  useContentReady();

  useEffect(() => {
    document.title = title === tenantName ? title : `${title} — ${tenantName}`;
  }, [title, tenantName]);

  useEffect(() => {
    if (firstScreen) firstScreen = false;
    else heading.current?.focus();
  }, []);

  const h1 = (
    <h1 id="screen-title" ref={heading} tabIndex={-1}>
      {title}
    </h1>
  );
  return (
    <section className="screen" aria-labelledby="screen-title">
      {hero ? (
        <div className="hero">
          {hero}
          <div className="hero__content">
            {h1}
            {intro}
          </div>
        </div>
      ) : (
        <>
          {h1}
          {intro}
        </>
      )}
      {children}
    </section>
  );
}
