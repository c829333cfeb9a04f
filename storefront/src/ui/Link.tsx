import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";

/**
 * A link to one of the shop's own pages, followed in the page (no reload) as React Router's
 * `<Link>` would. The shop's links are all absolute paths (`href(...)`), with no relative
 * paths, prefetching, forms or view transitions; React Router's `Link` and `NavLink` bring the
 * code of all of those (≈ 3 KiB gzip on every screen), this brings the two rules the shop uses.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute path of the shop, with its query if any: "/event/1003?tab=all". */
  to: string;
  children?: ReactNode;
}

export function Link({ to, onClick, ...rest }: LinkProps) {
  const follow = useFollow(to);
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        follow(e);
      }}
    />
  );
}

/** A menu link: marked as the current page (bold, `aria-current="page"`) on its page or below it. */
export function NavLink({ to, end = false, className, ...rest }: LinkProps & { end?: boolean }) {
  const current = isCurrent(useLocation().pathname, to, end);
  return (
    <Link
      {...rest}
      to={to}
      className={[className, current ? "active" : undefined].filter(Boolean).join(" ") || undefined}
      aria-current={current ? "page" : undefined}
    />
  );
}

/**
 * Whether the page at `pathname` is the one a menu link to `to` names: the same path, or a page
 * below it (`/events` for `/events/1003`) unless `end` asks for the path alone.
 */
export function isCurrent(pathname: string, to: string, end: boolean): boolean {
  const path = trimSlash(new URL(to, "https://shop.invalid").pathname);
  const here = trimSlash(pathname);
  if (here === path) return true;
  return !end && here.startsWith(path === "/" ? "/" : `${path}/`);
}

const trimSlash = (path: string) =>
  path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;

/**
 * Whether a click is one the page should follow itself: the main button, no modifier key (a
 * new tab or window, a download) and no other target; anything else stays the browser's.
 */
export function followsInPage(e: {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  currentTarget: { getAttribute(name: string): string | null };
}): boolean {
  const target = e.currentTarget.getAttribute("target");
  return (
    !e.defaultPrevented &&
    e.button === 0 &&
    !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) &&
    (target === null || target === "" || target === "_self")
  );
}

/** Follows a link in the page; a link to the page already shown replaces it in the history. */
function useFollow(to: string) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (!followsInPage(e)) return;
    e.preventDefault();
    navigate(to, { replace: pathname + search + hash === to });
  };
}
