// @vitest-environment jsdom
/**
 * The shell's timings of spec §8–§9: errors show in a snackbar for 7 seconds (7000 ms) with a
 * close button; the dropdown toggles with a 250 ms delay; the app starts only after the theme
 * settings are marked ready, checked every 50 ms (spec §2).
 */
import { I18nProvider } from "@lingui/react";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { observable } from "mobx";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { StoresProvider } from "../../../storefront/src/app/stores-context.tsx";
import { activateMessages, i18n } from "../../../storefront/src/i18n.ts";
import { LanguageMenu } from "../../../storefront/src/shell/LanguageMenu.tsx";
import { Snackbar } from "../../../storefront/src/shell/Snackbar.tsx";
import { ErrorStore } from "../../../storefront/src/stores/ErrorStore.ts";
import type { RootStore } from "../../../storefront/src/stores/RootStore.ts";
import { whenThemeReady } from "../../../storefront/src/theme-gate.ts";

beforeAll(() => activateMessages("en"));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Renders `ui` over the parts of a RootStore it reads. */
function renderWith(stores: Partial<RootStore>, ui: React.ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <StoresProvider store={stores as RootStore}>{ui}</StoresProvider>
    </I18nProvider>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("error snackbar (spec §8: shown for 7 seconds, with a close button)", () => {
  it("shows an error for 7000 ms, then the next queued one for another 7000 ms", () => {
    const errors = new ErrorStore();
    renderWith({ errors }, <Snackbar />);
    act(() => {
      errors.show("Error adding a product to the cart");
      errors.show("This item has already been added to the Cart.");
    });
    expect(screen.getByRole("alert").textContent).toBe("Error adding a product to the cart");
    advance(6999);
    expect(screen.getByRole("alert").textContent).toBe("Error adding a product to the cart");
    advance(1);
    expect(screen.getByRole("alert").textContent).toBe(
      "This item has already been added to the Cart.",
    );
    advance(6999);
    expect(screen.getByRole("alert").textContent).toBe(
      "This item has already been added to the Cart.",
    );
    advance(1);
    expect(screen.getByRole("alert").textContent).toBe("");
    expect(errors.queue).toEqual([]);
  });

  it("the close button removes the error at once, and the next one gets its full 7 seconds", () => {
    const errors = new ErrorStore();
    renderWith({ errors }, <Snackbar />);
    act(() => {
      errors.show("Unable to pay the order");
      errors.show("Try again or change the Payment Method");
    });
    advance(3000);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.getByRole("alert").textContent).toBe("Try again or change the Payment Method");
    advance(6999);
    expect(screen.getByRole("alert").textContent).toBe("Try again or change the Payment Method");
    advance(1);
    expect(screen.getByRole("alert").textContent).toBe("");
  });
});

describe("language dropdown (spec §9: toggle delay 250 ms)", () => {
  function languageMenu() {
    const language = observable({
      language: "en" as const,
      available: ["ru", "en"] as const,
      pickerVisible: true,
      setLanguage: vi.fn(async () => {}),
    });
    renderWith(
      { language, errors: new ErrorStore() } as unknown as Partial<RootStore>,
      <LanguageMenu />,
    );
    const button = screen.getByRole("button", { name: /Language/ });
    return { button, dropdown: button.parentElement as HTMLElement };
  }

  it("closes 250 ms after the pointer leaves, not sooner", () => {
    const { button, dropdown } = languageMenu();
    fireEvent.click(button);
    expect(screen.getByRole("menu")).toBeTruthy();
    fireEvent.mouseLeave(dropdown);
    advance(249);
    expect(screen.queryByRole("menu")).not.toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("true");
    advance(1);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("stays open when the pointer comes back within the 250 ms", () => {
    const { button, dropdown } = languageMenu();
    fireEvent.click(button);
    fireEvent.mouseLeave(dropdown);
    advance(200);
    fireEvent.mouseEnter(dropdown);
    advance(1000);
    expect(screen.queryByRole("menu")).not.toBeNull();
  });
});

describe("theme readiness (spec §2: checked every 50 ms)", () => {
  /** A page whose theme stylesheet marks itself ready at `readyAt` ms; counts the checks. */
  function page(readyAt: number) {
    const start = Date.now();
    const checks: number[] = [];
    vi.stubGlobal("getComputedStyle", () => ({
      getPropertyValue: (name: string) => {
        checks.push(Date.now() - start);
        return name === "--theme-ready" && Date.now() - start >= readyAt ? " 1 " : "";
      },
    }));
    return { root: document.documentElement, checks };
  }

  it("starts at once when the theme is already ready", async () => {
    const { root, checks } = page(0);
    await expect(whenThemeReady(root)).resolves.toBe(true);
    expect(checks).toEqual([0]);
  });

  it("checks every 50 ms and starts at the first check after the theme is ready", async () => {
    const { root, checks } = page(120);
    let ready: boolean | undefined;
    whenThemeReady(root).then((r) => {
      ready = r;
    });
    await vi.advanceTimersByTimeAsync(149);
    expect(ready).toBeUndefined();
    expect(checks).toEqual([0, 50, 100]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
    expect(checks).toEqual([0, 50, 100, 150]);
    await vi.advanceTimersByTimeAsync(500);
    expect(checks).toHaveLength(4);
  });

  it("gives up after the given time so a lost stylesheet still leaves a usable shop", async () => {
    const { root, checks } = page(Number.POSITIVE_INFINITY);
    let ready: boolean | undefined;
    whenThemeReady(root, 1000).then((r) => {
      ready = r;
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(ready).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    expect(ready).toBe(false);
    expect(checks.at(-1)).toBe(1050);
    expect(checks.slice(1).every((t, i) => t - (checks[i] ?? 0) === 50)).toBe(true);
  });
});
