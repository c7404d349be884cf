import { describe, expect, test } from "vitest";
import { locales, namespaces } from "./i18n.ts";
import { resources } from "./resources.ts";

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const interpolations = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? "").sort();

const valueAt = (tree: Tree, path: string): string | Tree | undefined =>
  path
    .split(".")
    .reduce<string | Tree | undefined>(
      (node, key) => (typeof node === "object" ? node[key] : undefined),
      tree,
    );

describe("locale resources", () => {
  for (const namespace of namespaces) {
    test(`${namespace}: every language has the same keys and placeholders as French`, () => {
      const french = resources.fr[namespace] as Tree;
      for (const locale of locales) {
        const other = resources[locale][namespace] as Tree;
        expect(keysOf(other).sort(), `${locale}/${namespace}.json`).toEqual(keysOf(french).sort());
        for (const key of keysOf(french)) {
          const frText = valueAt(french, key);
          const text = valueAt(other, key);
          expect(typeof text, `${locale}/${namespace}.json ${key}`).toBe("string");
          if (typeof frText === "string" && typeof text === "string") {
            expect(interpolations(text), `${locale}/${namespace}.json ${key}`).toEqual(
              interpolations(frText),
            );
            expect(text.trim().length, `${locale}/${namespace}.json ${key} is empty`).toBeGreaterThan(0);
          }
        }
      }
    });
  }

  test("French text uses typographic apostrophes and no-break spaces before high punctuation", () => {
    for (const namespace of namespaces) {
      for (const key of keysOf(resources.fr[namespace] as Tree)) {
        const text = valueAt(resources.fr[namespace] as Tree, key);
        if (typeof text !== "string") continue;
        expect(text, `fr/${namespace}.json ${key}`).not.toMatch(/'/);
        expect(text, `fr/${namespace}.json ${key}`).not.toMatch(/ [:;!?»]|« /);
      }
    }
  });
});

describe("amounts in the web app's sentences (issue 23)", () => {
  test("no sentence writes a currency or « centimes » beside a placeholder: amounts come formatted as money", () => {
    const beside = /\}\}[\s\u00a0\u202f]*(centimes|cents|€|EUR)(?![\p{L}])|€[\s\u00a0\u202f]*\{\{/u;
    const offending = locales.flatMap((locale) =>
      namespaces.flatMap((namespace) => {
        const tree = resources[locale][namespace] as Tree;
        return keysOf(tree)
          .filter((key) => {
            const text = valueAt(tree, key);
            return typeof text === "string" && beside.test(text);
          })
          .map((key) => `${locale}/${namespace}.json ${key}: ${valueAt(tree, key)}`);
      }),
    );
    expect(offending).toEqual([]);
  });
});
