import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
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
