import { type ReactNode, useEffect, useRef } from "react";
import { useNavigationType } from "react-router-dom";
import { useStores } from "../app/stores-context.tsx";
import { useContentReady } from "./hydration.tsx";

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
  const navigation = useNavigationType();
  const tenantName = settings.settings.tenantName;
  useContentReady();

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
