import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AMOUNT_PARAMS } from "./message-params.ts";
import { isMessageCode, messages, translate } from "./messages.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });

describe("the error catalogue", () => {
  it("has a French and an English message for every code the core and the API raise", () => {
    const raised = new Set<string>();
    for (const file of [...sources(join(root, "core/src")), ...sources(join(root, "api/src"))]) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/new (?:DomainError|ProblemError)\(\s*(?:\d{3},\s*)?"([\w.]+)"/g))
        raised.add(m[1] as string);
      // Validators answer codes as strings: "validation.…" literals in core/src/validation.
      if (file.includes("validation"))
        for (const m of text.matchAll(/"(validation\.\w+)"/g)) raised.add(m[1] as string);
    }
    expect(raised.size).toBeGreaterThan(30);
    const missing = [...raised].filter((code) => !isMessageCode(code));
    expect(missing).toEqual([]);
    for (const message of Object.values(messages)) {
      expect(message.fr.length).toBeGreaterThan(0);
      expect(message.en.length).toBeGreaterThan(0);
    }
  });
});

describe("a duplicate warning", () => {
  it("says what the contacts share in the reader's language, not the reasons' keys", () => {
    const params = { name: "Alpha SARL", reasons: "name, siren, vatNumber" };
    expect(translate("contact.duplicate", "fr", params)).toBe(
      "Plusieurs contacts ont le même nom : Alpha SARL (même nom, même SIREN, même n° de TVA).",
    );
    expect(translate("contact.duplicate", "en", params)).toBe(
      "Multiple contacts with same name: Alpha SARL (same name, same SIREN, same VAT number).",
    );
  });
});

describe("a count in a message", () => {
  it("takes its noun's form: French singular for 0 and 1, English for 1 only", () => {
    const code = "import.lineErrors";
    expect(translate(code, "fr", { count: 1 })).toBe("Le fichier n’a pas été importé : 1 ligne en erreur.");
    expect(translate(code, "fr", { count: 0 })).toBe("Le fichier n’a pas été importé : 0 ligne en erreur.");
    expect(translate(code, "fr", { count: 3 })).toBe("Le fichier n’a pas été importé : 3 lignes en erreur.");
    expect(translate(code, "en", { count: 1 })).toBe("The file was not imported: 1 line with errors.");
    expect(translate(code, "en", { count: 0 })).toBe("The file was not imported: 0 lines with errors.");
    // Without its number the text is left as written.
    expect(translate(code, "en")).toContain("{count|line|lines}");
  });
});

describe("amounts and dates in the catalogue's sentences (issue 23)", () => {
  const locales = ["fr", "en"] as const;
  const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

  it("no sentence writes « centimes » or a currency beside a parameter: its amounts are declared, and formatted", () => {
    const beside = /\{\w+\}[\s\u00a0]*(centimes|cents|€|EUR)(?![\p{L}])|€[\s\u00a0]*\{\w+\}/u;
    const offending = Object.entries(messages).flatMap(([code, m]) =>
      locales.filter((l) => beside.test(m[l])).map((l) => `${code} (${l}): ${m[l]}`),
    );
    expect(offending).toEqual([]);
  });

  it("reads every declared amount as money in the reader's language, from its unit", () => {
    const sample = { cents: 123456, euros: "1234.56", wholeEuros: 1234 } as const;
    for (const [code, keys] of Object.entries(AMOUNT_PARAMS)) {
      expect(isMessageCode(code), code).toBe(true);
      for (const [key, unit] of Object.entries(keys)) {
        for (const locale of locales) {
          const template = messages[code as keyof typeof messages][locale];
          expect(placeholders(template), `${code} ${key}`).toContain(key);
          const text = translate(code, locale, { [key]: sample[unit] });
          const money =
            unit === "wholeEuros"
              ? { fr: "1\u202f234\u00a0€", en: "€1,234" }[locale]
              : { fr: "1\u202f234,56\u00a0€", en: "€1,234.56" }[locale];
          expect(text, `${code} ${key} ${locale}`).toContain(money);
        }
      }
    }
    expect(translate("payment.allocationExceedsDue", "fr", { number: "FA-2026-0004", due: 71460 })).toBe(
      "L’imputation dépasse le reste dû de FA-2026-0004 (714,60\u00a0€).",
    );
    expect(translate("payment.overAllocated", "en", { allocated: 71460, amount: 30000 })).toBe(
      "The allocations (€714.60) exceed the payment (€300.00).",
    );
    expect(
      translate("entry.unbalanced", "fr", { debit: "-1173,00", credit: "0,00", difference: "1173,00" }),
    ).toBe(
      "L’écriture n’est pas équilibrée : débit -1\u202f173,00\u00a0€, crédit 0,00\u00a0€, écart 1\u202f173,00\u00a0€.",
    );
  });

  it("shows no ISO date: every parameter that is a day reads as a date, in French and in English", () => {
    // Parameters that name something else than a value of the sentence (a field, a file's place…).
    const notValues = new Set(["field", "reasons", "where", "format", "reason"]);
    const offending = Object.entries(messages).flatMap(([code, m]) =>
      locales.flatMap((locale) => {
        const params = Object.fromEntries(
          placeholders(m[locale])
            .filter((k) => !notValues.has(k) && !AMOUNT_PARAMS[code]?.[k])
            .map((k) => [k, "2019-05-15"]),
        );
        const text = translate(code, locale, params);
        return /\d{4}-\d{2}-\d{2}/.test(text) ? [`${code} (${locale}): ${text}`] : [];
      }),
    );
    expect(offending).toEqual([]);
    expect(translate("fiscalYear.none", "fr", { date: "2019-05-15" })).toBe(
      "Aucun exercice ne couvre le 15 mai 2019 : créez l’exercice d’abord.",
    );
    expect(translate("fiscalYear.none", "en", { date: "2019-05-15" })).toBe(
      "No fiscal year covers 15 May 2019: create the fiscal year first.",
    );
    // Not a day: left as sent, never another day.
    expect(translate("fiscalYear.none", "fr", { date: "2019-02-30" })).toContain("2019-02-30");
    // A VAT period's key reads as the month or the quarter it names.
    expect(translate("vat.alreadyValidated", "fr", { period: "2025-03" })).toContain(
      "de la période mars 2025 ",
    );
    expect(translate("vat.alreadyValidated", "en", { period: "2026-Q1" })).toContain("of period Q1 2026 ");
    expect(translate("vat.alreadyValidated", "fr", { period: "2026-Q2" })).toContain("2e trimestre 2026");
  });
});
