// @vitest-environment jsdom
/**
 * The browser's file ports (stores/files.ts): a download saved under its name through a
 * temporary link, a file shared through the phone's share sheet, and leaving for the bank's
 * pay page (only ever a web address).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserFiles } from "../../../storefront/src/stores/files.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

/** URL.createObjectURL/revokeObjectURL (jsdom has neither), recording what they are given. */
function objectUrls() {
  const made: Blob[] = [];
  const revoked: string[] = [];
  Object.defineProperty(URL, "createObjectURL", {
    configurable: true,
    value: (blob: Blob) => {
      made.push(blob);
      return `blob:http://localhost:3000/file-${made.length}`;
    },
  });
  Object.defineProperty(URL, "revokeObjectURL", {
    configurable: true,
    value: (url: string) => void revoked.push(url),
  });
  return { made, revoked };
}

describe("browserFiles.save", () => {
  it("clicks a link to the blob named for download, removes it, frees the address after 60 s", () => {
    vi.useFakeTimers();
    const urls = objectUrls();
    const clicked: { href: string; download: string; rel: string; attached: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({
        href: this.href,
        download: this.download,
        rel: this.rel,
        attached: this.parentElement === document.body,
      });
    });
    const blob = new Blob(["receipt"], { type: "text/html" });
    browserFiles.save(blob, "receipt-1.html");
    expect(urls.made).toEqual([blob]);
    expect(clicked).toEqual([
      {
        href: "blob:http://localhost:3000/file-1",
        download: "receipt-1.html",
        rel: "noopener",
        attached: true,
      },
    ]);
    // The link is gone at once; the address lives on until the download has started.
    expect(document.querySelectorAll("a")).toHaveLength(0);
    vi.advanceTimersByTime(59_999);
    expect(urls.revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(urls.revoked).toEqual(["blob:http://localhost:3000/file-1"]);
  });
});

describe("browserFiles.share", () => {
  const photo = () => new File(["jpeg"], "photo-1.jpg", { type: "image/jpeg" });

  function shareSheet(canShare: ((data: ShareData) => boolean) | undefined, outcome: unknown) {
    const shared: ShareData[] = [];
    const asked: ShareData[] = [];
    Object.defineProperty(navigator, "canShare", {
      configurable: true,
      value:
        canShare &&
        ((data: ShareData) => {
          asked.push(data);
          return canShare(data);
        }),
    });
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (data: ShareData) => {
        shared.push(data);
        if (outcome !== "shared") throw outcome;
      },
    });
    return { shared, asked };
  }

  it("a browser that cannot share files: false, and no share sheet", async () => {
    const none = shareSheet(undefined, "shared");
    expect(await browserFiles.share(photo())).toBe(false);
    expect(none.shared).toEqual([]);
    const refuses = shareSheet(() => false, "shared");
    expect(await browserFiles.share(photo())).toBe(false);
    expect(refuses.asked).toHaveLength(1);
    expect(refuses.shared).toEqual([]);
  });

  it("opens the share sheet with the file and answers true", async () => {
    const file = photo();
    const sheet = shareSheet((data) => data.files?.[0] === file, "shared");
    expect(await browserFiles.share(file)).toBe(true);
    expect(sheet.asked).toEqual([{ files: [file] }]);
    expect(sheet.shared).toEqual([{ files: [file] }]);
  });

  it("the visitor closing the sheet is an answer (true); any other failure is false", async () => {
    shareSheet(() => true, new DOMException("closed", "AbortError"));
    expect(await browserFiles.share(photo())).toBe(true);
    shareSheet(() => true, new DOMException("no gesture", "NotAllowedError"));
    expect(await browserFiles.share(photo())).toBe(false);
    const notDom = Object.assign(new Error("closed"), { name: "AbortError" });
    shareSheet(() => true, notDom);
    expect(await browserFiles.share(photo())).toBe(false);
  });
});

describe("browserFiles.redirect", () => {
  function location() {
    const assigned: string[] = [];
    vi.stubGlobal("window", { location: { assign: (url: string) => void assigned.push(url) } });
    return assigned;
  }

  it("leaves for the bank's pay page", () => {
    const assigned = location();
    browserFiles.redirect("https://bank.example/pay/inv-1");
    browserFiles.redirect("/demo/pay/inv-2");
    expect(assigned).toEqual(["https://bank.example/pay/inv-1", "/demo/pay/inv-2"]);
  });

  it("tells the store when the visitor comes back to the page from the back/forward cache", () => {
    const listeners: ((event: { persisted: boolean }) => void)[] = [];
    vi.stubGlobal("window", {
      location: { assign: () => {} },
      addEventListener: (type: string, listener: (event: { persisted: boolean }) => void) => {
        if (type === "pageshow") listeners.push(listener);
      },
    });
    let back = 0;
    browserFiles.redirect("/demo/pay/inv-3", () => back++);
    for (const listener of listeners) listener({ persisted: false });
    expect(back).toBe(0);
    for (const listener of listeners) listener({ persisted: true });
    expect(back).toBe(1);
  });

  it("tells the store once: a second return to the page (after Pay again) is the new redirect's", () => {
    /** A window whose pageshow listeners honour { once }, as a browser's do. */
    let listeners: { listener: (event: { persisted: boolean }) => void; once: boolean }[] = [];
    vi.stubGlobal("window", {
      location: { assign: () => {} },
      addEventListener: (
        _type: string,
        listener: (event: { persisted: boolean }) => void,
        options?: { once?: boolean },
      ) => void listeners.push({ listener, once: options?.once === true }),
    });
    const pageshow = (persisted: boolean) => {
      const now = listeners;
      listeners = now.filter((l) => !l.once);
      for (const l of now) l.listener({ persisted });
    };
    let back = 0;
    browserFiles.redirect("/demo/pay/inv-4", () => back++);
    pageshow(true);
    pageshow(true);
    expect([back, listeners]).toEqual([1, []]);
  });

  it("never follows a javascript: or data: address from a backend reply", () => {
    const assigned = location();
    browserFiles.redirect("javascript:alert(1)");
    browserFiles.redirect("data:text/html,<script>alert(1)</script>");
    expect(assigned).toEqual([]);
  });
});

describe("browserFiles.canShareFiles", () => {
  it("yes only where the browser has share and says an image file can be shared", () => {
    const asked: unknown[] = [];
    vi.stubGlobal("navigator", {
      share: async () => {},
      canShare: (data: { files?: File[] }) => {
        asked.push(data.files?.[0]?.type);
        return true;
      },
    });
    expect(browserFiles.canShareFiles?.()).toBe(true);
    expect(asked).toEqual(["image/jpeg"]);
    vi.stubGlobal("navigator", { share: async () => {}, canShare: () => false });
    expect(browserFiles.canShareFiles?.()).toBe(false);
    // A desktop browser without the Web Share API, or one whose canShare throws.
    vi.stubGlobal("navigator", {});
    expect(browserFiles.canShareFiles?.()).toBe(false);
    vi.stubGlobal("navigator", {
      share: async () => {},
      canShare: () => {
        throw new TypeError("no");
      },
    });
    expect(browserFiles.canShareFiles?.()).toBe(false);
  });
});

describe("browserFiles.shareFiles (Save all to Photos: ten photos at a time)", () => {
  const photos = () =>
    Array.from(
      { length: 10 },
      (_, i) => new File(["jpeg"], `MySport-1042-0${i}.jpg`, { type: "image/jpeg" }),
    );

  /** A phone's navigator: canShare answers `can`; share rejects with `failure` unless it is null. */
  function phoneNavigator(can: boolean, failure: unknown = null, share = true) {
    const asked: ShareData[] = [];
    const shared: ShareData[] = [];
    vi.stubGlobal("navigator", {
      canShare: (data: ShareData) => {
        asked.push(data);
        return can;
      },
      ...(share && {
        share: async (data: ShareData) => {
          shared.push(data);
          if (failure !== null) throw failure;
        },
      }),
    });
    return { asked, shared };
  }

  it("hands all the files to one share sheet: shared", async () => {
    const files = photos();
    const sheet = phoneNavigator(true);
    expect(await browserFiles.shareFiles(files)).toBe("shared");
    expect(sheet.asked).toEqual([{ files }]);
    expect(sheet.shared).toEqual([{ files }]);
  });

  it("the visitor closing the sheet is cancelled; a tap too long ago is needs-tap", async () => {
    phoneNavigator(true, new DOMException("closed", "AbortError"));
    expect(await browserFiles.shareFiles(photos())).toBe("cancelled");
    phoneNavigator(true, new DOMException("no gesture", "NotAllowedError"));
    expect(await browserFiles.shareFiles(photos())).toBe("needs-tap");
  });

  it("any other failure, or one that is no DOMException, is unsupported: the photos download instead", async () => {
    phoneNavigator(true, new DOMException("too many", "DataError"));
    expect(await browserFiles.shareFiles(photos())).toBe("unsupported");
    phoneNavigator(true, Object.assign(new Error("closed"), { name: "AbortError" }));
    expect(await browserFiles.shareFiles(photos())).toBe("unsupported");
    phoneNavigator(true, Object.assign(new Error("no gesture"), { name: "NotAllowedError" }));
    expect(await browserFiles.shareFiles(photos())).toBe("unsupported");
  });

  it("a browser that cannot share these files, or has no share at all, opens no sheet: unsupported", async () => {
    const refuses = phoneNavigator(false);
    expect(await browserFiles.shareFiles(photos())).toBe("unsupported");
    expect(refuses.shared).toEqual([]);
    const noShare = phoneNavigator(true, null, false);
    expect(await browserFiles.shareFiles(photos())).toBe("unsupported");
    expect(noShare.asked).toEqual([]);
    vi.stubGlobal("navigator", { share: async () => {} });
    expect(await browserFiles.shareFiles(photos())).toBe("unsupported");
  });
});

describe("browserFiles.canShareFiles, asked before any photo is fetched", () => {
  it("asks about one JPEG photo file, and needs both canShare and share", () => {
    const asked: { name: string; type: string }[] = [];
    vi.stubGlobal("navigator", {
      canShare: (data: { files?: File[] }) => {
        for (const f of data.files ?? []) asked.push({ name: f.name, type: f.type });
        return true;
      },
    });
    expect(browserFiles.canShareFiles?.()).toBe(false);
    expect(asked).toEqual([]);
    vi.stubGlobal("navigator", {
      share: async () => {},
      canShare: (data: { files?: File[] }) => {
        for (const f of data.files ?? []) asked.push({ name: f.name, type: f.type });
        return true;
      },
    });
    expect(browserFiles.canShareFiles?.()).toBe(true);
    expect(asked).toEqual([{ name: "photo.jpg", type: "image/jpeg" }]);
  });
});
