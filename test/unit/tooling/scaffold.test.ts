import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { colorFromId, initials, onColor } from "../../../cli/build/brand-svg.ts";
import { renderTenantYaml, scaffoldTenant } from "../../../cli/build/scaffold.ts";
import { loadTenant } from "../../../cli/config/load.ts";
import { type TenantConfig, tenantSchema } from "../../../cli/config/schema.ts";

describe("templates/tenant.yaml.hbs", () => {
  it("writes every field, optional ones included, and reads back to the same config", async () => {
    const base = await loadTenant("tenants", "mysport-usa");
    if (!base.ok) throw new Error("tenants/mysport-usa.yaml is invalid");
    // Every optional field set, with values a naive template would mangle.
    const config: TenantConfig = {
      ...base.config,
      tenantName: "Café: “Yes” # no",
      hosts: [
        { host: "shop.example", currencyId: 978, language: "en" },
        { host: "localhost:8080" },
      ],
      backURL: "https://www.example.com/?a=1&b=2",
      backFromHome: true,
      auth: { authority: "https://id.example.com/auth", realm: "no", clientId: "0123" },
      api: { origin: "https://api.example.com" },
      footer: {
        socialIcons: { languages: ["en"] },
        copyright: { languages: ["en"], holder: "null" },
        supportLink: "never",
      },
      social: [{ network: "x", url: "https://x.com/example" }],
      cardNote: { ru: "Карты: “3-D” # да", en: "null", es: "yes" },
      support: {
        email: "help@example.com",
        hours: { from: "08:00", to: "09:30", timeZone: { ru: "МСК: 08:00", en: "- ET" } },
      },
    };
    const yaml = await renderTenantYaml(config, "A test.");
    expect(yaml.split("\n")[0]).toBe("# yaml-language-server: $schema=../docs/tenant.schema.json");
    const read = tenantSchema.parse(parse(yaml, { version: "1.2" }));
    expect(read).toEqual(config);
    // YAML 1.1 readers (some editors) would take 08:00 for a number of minutes.
    expect(yaml).toContain('from: "08:00"');
  });

  it("writes null for no footer and [] for empty lists", async () => {
    const base = await loadTenant("tenants", "mysport-usa");
    if (!base.ok) throw new Error("tenants/mysport-usa.yaml is invalid");
    const yaml = await renderTenantYaml({ ...base.config, hosts: [] }, "A test.");
    expect(yaml).toMatch(/^footer: null$/m);
    expect(yaml).toMatch(/^hosts: \[\]$/m);
    expect(yaml).toMatch(/^social: \[\]$/m);
    expect(tenantSchema.parse(parse(yaml))).toEqual({ ...base.config, hosts: [] });
  });
});

describe("a new tenant's texts", () => {
  const answers = { name: "New", color: "#123456", languages: ["ru", "en"] as ("ru" | "en")[] };
  it("a rouble shop gets the card note and Moscow time of the Russian acquirer", () => {
    const { config } = scaffoldTenant("new", { ...answers, currencyId: 643 });
    expect(config.cardNote?.en).toBe(
      "Foreign bank cards must support 3-D Secure. Cards of Russian banks have no restriction.",
    );
    expect(config.support.hours.timeZone?.ru).toBe("по московскому времени");
  });
  it("any other currency gets neither: no note, hours without a zone", () => {
    const { config } = scaffoldTenant("new", { ...answers, currencyId: 840 });
    expect(config.cardNote).toBeUndefined();
    expect(config.support.hours.timeZone).toBeUndefined();
  });
});

describe("placeholder logos", () => {
  it("use the brand's initials", () => {
    expect(initials("Demo Brand")).toBe("DB");
    expect(initials("MySport")).toBe("MS");
    expect(initials("ironstar")).toBe("I");
    expect(initials("фото финиш")).toBe("ФФ");
    expect(initials("!!!")).toBe("?");
  });

  it("draw the initials in whichever of white or ink contrasts more", () => {
    expect(onColor("#1565c0")).toBe("#ffffff");
    expect(onColor("#ffd600")).toBe("#1a1f2b");
  });

  it("get a stable colour per id", () => {
    expect(colorFromId("demo-brand")).toBe(colorFromId("demo-brand"));
    expect(colorFromId("demo-brand")).not.toBe(colorFromId("other-brand"));
    expect(colorFromId("demo-brand")).toMatch(/^#[0-9a-f]{6}$/);
  });
});
