import i18next from "i18next";
import { describe, expect, test } from "vitest";
import { resources } from "../../i18n/resources.ts";

/** The time machine's summary line: each count agrees with its noun (« 1 brouillon », not « 1 brouillons »). */
const summary = async (lng: "fr" | "en", validated: number, drafts: number) => {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources,
    lng,
    ns: ["accounting"],
    defaultNS: "accounting",
    interpolation: { escapeValue: false },
  });
  return i18n.t("accounting:history.summary", {
    validated: i18n.t("accounting:history.summaryValidated", { count: validated }),
    drafts: i18n.t("accounting:history.summaryDrafts", { count: drafts }),
  });
};

describe("the time machine's summary (plural forms)", () => {
  test("French: one and many", async () => {
    expect(await summary("fr", 1, 1)).toBe("1 écriture validée, 1 brouillon à ce moment.");
    expect(await summary("fr", 0, 0)).toBe("0 écriture validée, 0 brouillon à ce moment.");
    expect(await summary("fr", 12, 3)).toBe("12 écritures validées, 3 brouillons à ce moment.");
  });
  test("English: one and many", async () => {
    expect(await summary("en", 1, 1)).toBe("1 validated entry, 1 draft at that moment.");
    expect(await summary("en", 12, 0)).toBe("12 validated entries, 0 drafts at that moment.");
  });
});
