import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Test support: a Factur-X PDF checked with the tools a reader would use — pdfdetach (poppler-utils) for
 * the XML it embeds, xmllint (libxml2-utils) against the official Factur-X EN 16931 XSD
 * (`../shared/fixtures/facturx/xsd/`), pdftotext for what it prints. The tools are installed by .ci/run.
 */
const XSD = fileURLToPath(
  new URL("../../../../shared/fixtures/facturx/xsd/en16931/Factur-X_EN16931.xsd", import.meta.url),
);

/** A command-line tool's output; its error output in the error, or which package is missing. */
export const runTool = (command: string, args: string[]): string => {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    const e = error as { code?: string; stderr?: string };
    if (e.code === "ENOENT")
      throw new Error(`${command} is missing (libxml2-utils, poppler-utils: see .ci/run)`);
    throw new Error(`${command} ${args.join(" ")}: ${e.stderr ?? String(error)}`);
  }
};

/** Runs `use` with the PDF written to a file of a temporary folder, removed afterwards. */
const withPdfFile = <T>(pdf: Uint8Array, use: (file: string, dir: string) => T): T => {
  const dir = mkdtempSync(join(tmpdir(), "registre-facturx-"));
  try {
    const file = join(dir, "invoice.pdf");
    writeFileSync(file, pdf);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/**
 * The `factur-x.xml` the PDF embeds, valid against the official EN 16931 XSD: throws with xmllint's
 * messages when it is not, or pdfdetach's when the PDF embeds none.
 */
export const validFacturxXml = (pdf: Uint8Array): string =>
  withPdfFile(pdf, (file, dir) => {
    const xml = join(dir, "factur-x.xml");
    runTool("pdfdetach", ["-savefile", "factur-x.xml", "-o", xml, file]);
    runTool("xmllint", ["--noout", "--schema", XSD, xml]);
    return readFileSync(xml, "utf8");
  });

/** What the PDF prints (pdftotext, its layout kept), every run of spaces one space. */
export const pdfText = (pdf: Uint8Array): string =>
  withPdfFile(pdf, (file) =>
    runTool("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"]).replace(/[\s\u00a0\u202f]+/g, " "),
  );
