import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

/**
 * EN 16931's official validation of a CII invoice (CEN/TC 434's schematron, the XSLT ConnectingEurope
 * publishes: tests/fixtures/en16931/), run in-process by SaxonJS. The XSLT is compiled once to a SEF
 * (xslt3, about 17 s) and kept under node_modules/.cache, named by the XSLT's and SaxonJS's hashes, so a
 * run compiles it only when either changed; workers that need it at once wait for the first's file.
 */

const require = createRequire(import.meta.url);
const XSLT = fileURLToPath(new URL("../fixtures/en16931/EN16931-CII-validation.xslt", import.meta.url));
const CACHE = fileURLToPath(new URL("../../node_modules/.cache/en16931/", import.meta.url));
const SVRL = "http://purl.oclc.org/dsdl/svrl";
const COMPILE_WAIT_MS = 180_000;

/** The little of SaxonJS's API used here (the package ships no types). */
type SaxonJs = {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: "document" },
    mode: "sync",
  ): { principalResult: unknown };
  XPath: {
    evaluate(
      xpath: string,
      context: unknown,
      options: { namespaceContext: Record<string, string>; resultForm: "array" },
    ): unknown[];
  };
};

/** A rule the invoice breaks: its id (BR-…), "fatal" or "warning", where, and the rule's words. */
export type SchematronFailure = {
  readonly id: string;
  readonly flag: string;
  readonly location: string;
  readonly text: string;
};

export type SchematronVerdict = {
  /** The failed asserts flagged fatal: what makes the invoice invalid. */
  readonly errors: readonly SchematronFailure[];
  readonly warnings: readonly SchematronFailure[];
};

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

const sefPath = (): string => {
  const hash = createHash("sha256")
    .update(readFileSync(XSLT))
    .update(readFileSync(join(packageDir("saxon-js"), "package.json")))
    .update(readFileSync(join(packageDir("xslt3"), "package.json")))
    .digest("hex")
    .slice(0, 16);
  return join(CACHE, `EN16931-CII-validation.${hash}.sef.json`);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The SEF, compiled by this process unless another holds the lock (then its file is waited for). */
const compiledSef = async (): Promise<string> => {
  const sef = sefPath();
  const lock = `${sef}.lock`;
  mkdirSync(CACHE, { recursive: true });
  const deadline = Date.now() + COMPILE_WAIT_MS;
  while (!existsSync(sef)) {
    let fd: number;
    try {
      fd = openSync(lock, "wx");
    } catch (error) {
      if ((error as { code?: string }).code !== "EEXIST") throw error;
      // A lock older than the wait is one a killed run left.
      const age = Date.now() - (existsSync(lock) ? statSync(lock).mtimeMs : Date.now());
      if (age > COMPILE_WAIT_MS) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new Error(`the EN 16931 SEF is still being compiled (${lock})`);
      await sleep(250);
      continue;
    }
    closeSync(fd);
    try {
      const partial = `${sef}.${process.pid}.tmp`;
      await promisify(execFile)(
        process.execPath,
        [join(packageDir("xslt3"), "xslt3.js"), `-xsl:${XSLT}`, `-export:${partial}`, "-nogo"],
        { maxBuffer: 1 << 24 },
      );
      renameSync(partial, sef);
    } finally {
      rmSync(lock, { force: true });
    }
  }
  return sef;
};

let loaded: Promise<(xml: string) => SchematronVerdict> | null = null;

/**
 * The validator: `check(xml)` answers the failed asserts of EN 16931's rules (BR-*, BR-CL-*, CII-SR-*…)
 * on that CII text. Loaded once per worker.
 */
export const en16931Schematron = (): Promise<(xml: string) => SchematronVerdict> => {
  loaded ??= (async () => {
    const saxon = require("saxon-js") as SaxonJs;
    const stylesheet: unknown = JSON.parse(readFileSync(await compiledSef(), "utf8"));
    return (xml: string) => {
      const svrl = saxon.transform(
        { stylesheetInternal: stylesheet, sourceText: xml, destination: "document" },
        "sync",
      ).principalResult;
      // A file whose root the rules do not recognise (another, a namespace mistyped) would break none of
      // the invoice's rules: never "valid".
      const [fired] = saxon.XPath.evaluate(
        "count(//svrl:fired-rule[@context = '/rsm:CrossIndustryInvoice'])",
        svrl,
        {
          namespaceContext: { svrl: SVRL },
          resultForm: "array",
        },
      );
      if (!Number(fired)) throw new Error("EN 16931's schematron: no rule applies, not a CII invoice");
      const failures = saxon.XPath.evaluate(
        "//svrl:failed-assert ! string-join((@id, @flag, @location, normalize-space(svrl:text)), codepoints-to-string(9))",
        svrl,
        { namespaceContext: { svrl: SVRL }, resultForm: "array" },
      ).map((row): SchematronFailure => {
        const [id = "", flag = "", location = "", text = ""] = String(row).split("\t");
        return { id, flag, location, text };
      });
      return {
        errors: failures.filter((f) => f.flag === "fatal"),
        warnings: failures.filter((f) => f.flag !== "fatal"),
      };
    };
  })();
  return loaded;
};
