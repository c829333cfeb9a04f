// @vitest-environment jsdom
/**
 * The shop's own links: followed in the page like React Router's, left to the browser for a new
 * tab or window, and the menu's link to the page on screen marked as current.
 */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, useLocation, useNavigationType } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { followsInPage, isCurrent, Link, NavLink } from "../../../storefront/src/ui/Link.tsx";

/** Whether the browser would follow each click: jsdom cannot, so it is asked and then stopped. */
let browserFollows: boolean[] = [];
const stopBrowser = (e: Event) => {
  browserFollows.push(!e.defaultPrevented);
  e.preventDefault();
};
beforeEach(() => {
  browserFollows = [];
  window.addEventListener("click", stopBrowser);
});
afterEach(() => {
  window.removeEventListener("click", stopBrowser);
  cleanup();
});

/** Where the router is, and how it got there: "PUSH", "REPLACE" or "POP" (the first entry). */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{`${useNavigationType()} ${pathname}${search}`}</output>;
}

function at(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByRole("status", { name: "where" }).textContent;

describe("a link to a page of the shop", () => {
  it("is a real link to the path, so it works without script and opens in a new tab", () => {
    at("/", <Link to="/event/1003?tab=all">All photos</Link>);
    expect(screen.getByRole("link", { name: "All photos" }).getAttribute("href")).toBe(
      "/event/1003?tab=all",
    );
  });

  it("opens the page in place, as a new history entry", () => {
    at("/", <Link to="/event/1003?tab=all">All photos</Link>);
    fireEvent.click(screen.getByRole("link", { name: "All photos" }));
    expect(where()).toBe("PUSH /event/1003?tab=all");
    expect(browserFollows).toEqual([false]);
  });

  it("to the page on screen replaces it rather than adding a second Back step", () => {
    at("/cart", <Link to="/cart">Cart</Link>);
    fireEvent.click(screen.getByRole("link", { name: "Cart" }));
    expect(where()).toBe("REPLACE /cart");
  });

  it("leaves a click with a modifier key, another button or another target to the browser", () => {
    at(
      "/",
      <>
        <Link to="/cart">Cart</Link>
        <Link to="/contacts" target="_blank">
          Contacts
        </Link>
      </>,
    );
    const cart = screen.getByRole("link", { name: "Cart" });
    for (const key of ["ctrlKey", "metaKey", "shiftKey", "altKey"])
      fireEvent.click(cart, { [key]: true });
    fireEvent.click(cart, { button: 1 });
    fireEvent.click(screen.getByRole("link", { name: "Contacts" }));
    expect(browserFollows).toEqual([true, true, true, true, true, true]);
    expect(where()).toBe("POP /");
  });

  it("runs its own click handler first (the drawer closes), then opens the page", () => {
    const seen: string[] = [];
    at(
      "/",
      <Link to="/cart" onClick={() => seen.push("closed")}>
        Cart
      </Link>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Cart" }));
    expect(seen).toEqual(["closed"]);
    expect(where()).toBe("PUSH /cart");
  });

  it("a handler that prevents the click keeps the page", () => {
    at(
      "/",
      <Link to="/cart" onClick={(e) => e.preventDefault()}>
        Cart
      </Link>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Cart" }));
    expect(where()).toBe("POP /");
  });
});

describe("a menu link", () => {
  it("is marked as the current page on its page and below it", () => {
    at(
      "/events/1003",
      <>
        <NavLink to="/events">Events</NavLink>
        <NavLink to="/" end className="menu">
          Home
        </NavLink>
      </>,
    );
    const events = screen.getByRole("link", { name: "Events" });
    expect(events.getAttribute("aria-current")).toBe("page");
    expect(events.className).toBe("active");
    const home = screen.getByRole("link", { name: "Home" });
    expect(home.getAttribute("aria-current")).toBeNull();
    expect(home.className).toBe("menu");
  });

  it("the home link (end) is current on the home page only", () => {
    expect(isCurrent("/", "/", true)).toBe(true);
    expect(isCurrent("/contacts", "/", true)).toBe(false);
    expect(isCurrent("/contacts", "/", false)).toBe(true);
  });

  it("compares paths, not the query, and ignores a trailing slash", () => {
    expect(isCurrent("/events/", "/events", true)).toBe(true);
    expect(isCurrent("/events", "/events/?page=2", true)).toBe(true);
    expect(isCurrent("/events-archive", "/events", false)).toBe(false);
    expect(isCurrent("/event", "/events", false)).toBe(false);
  });
});

describe("which clicks the page follows itself", () => {
  const click = (
    over: Partial<Parameters<typeof followsInPage>[0]> = {},
    target: string | null = null,
  ) =>
    followsInPage({
      defaultPrevented: false,
      button: 0,
      metaKey: false,
      altKey: false,
      ctrlKey: false,
      shiftKey: false,
      currentTarget: { getAttribute: () => target },
      ...over,
    });

  it("a plain click with the main button, no target or this window's", () => {
    expect(click()).toBe(true);
    expect(click({}, "_self")).toBe(true);
    expect(click({}, "")).toBe(true);
  });

  it("not one already handled, another button, a modifier key or another window", () => {
    expect(click({ defaultPrevented: true })).toBe(false);
    expect(click({ button: 2 })).toBe(false);
    expect(click({ metaKey: true })).toBe(false);
    expect(click({ altKey: true })).toBe(false);
    expect(click({ ctrlKey: true })).toBe(false);
    expect(click({ shiftKey: true })).toBe(false);
    expect(click({}, "_blank")).toBe(false);
  });
});
