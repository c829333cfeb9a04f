/**
 * The catalog in two parts (storefront/src/i18n.ts): home shows the first screen's messages; the
 * first lazy screen, the shop or a dialog brings the whole catalog. (In the unit tests both parts
 * are the whole catalog: cli/build/message-parts.ts splits them only in a build.)
 */
import { msg } from "@lingui/core/macro";
import { afterEach, describe, expect, it } from "vitest";
import { activateMessages, i18n, needAllMessages } from "../../../storefront/src/i18n.ts";

describe("the catalog's parts", () => {
  let changes = 0;
  const count = () => {
    changes++;
  };
  afterEach(() => i18n.removeListener("change", count));

  it("adds the whole catalog to the language on screen without re-rendering its texts", async () => {
    await activateMessages("ru");
    i18n.on("change", count);
    await needAllMessages();
    // Lingui's provider re-renders every translated text on "change": none is due, nothing new
    // is on screen yet.
    expect(changes).toBe(0);
    expect(i18n.locale).toBe("ru");
    expect(i18n._(msg`Recent searches`)).toBe("Недавние запросы");
  });

  it("switches to another language with its whole catalog once anything beyond home was shown", async () => {
    await needAllMessages();
    i18n.on("change", count);
    await activateMessages("en");
    // A new language is a new text everywhere: this one re-renders (load, then activate).
    expect(changes).toBeGreaterThan(0);
    expect(i18n.locale).toBe("en");
    expect(i18n._(msg`Recent searches`)).toBe("Recent searches");
  });
});
