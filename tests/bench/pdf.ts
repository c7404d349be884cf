/**
 * Issue 11's PDF benchmark: BENCH_PDF_DOCS invoices (200 by default) of about 20 lines each
 * (18 to 22, French and English in turn) rendered one after the other by `renderDocumentPdf`, timed
 * from the print model to the last byte, p50 and p95 against the target p95 ≤ 100 ms. The first
 * render of the process (fonts read and parsed) is shown apart, as are 10 warm-up renders. No
 * database. Run by `npm run bench`, or alone: `npx tsx tests/bench/pdf.ts`; writes its section of
 * docs/performance.md.
 */
import { cpus, loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { renderDocumentPdf } from "../../api/src/documents/pdf/index.ts";
import { samplePrint } from "../../api/src/testing/document-prints.ts";
import { percentile, writeSection } from "./common.ts";

const START = "<!-- bench:pdf -->";
const END = "<!-- /bench:pdf -->";

const count = Number((process.env.BENCH_PDF_DOCS ?? "200").replace(/_/g, ""));
const WARMUP = 10;
const TARGET_MS = 100;

const printAt = (i: number) =>
  samplePrint("invoice", i % 2 === 0 ? "fr" : "en", { lines: 18 + (i % 5), draft: i % 10 === 9 });

export const runPdfBench = async (report: string): Promise<void> => {
  const load = loadavg()[0] ?? 0;
  let t = performance.now();
  await renderDocumentPdf(printAt(0));
  const first = performance.now() - t;
  for (let i = 0; i < WARMUP; i++) await renderDocumentPdf(printAt(i));
  const samples: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const print = printAt(i);
    const c = process.cpuUsage();
    t = performance.now();
    const pdf = await renderDocumentPdf(print);
    samples.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    bytes += pdf.byteLength;
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p50 = percentile(samples, 0.5);
  const p95 = percentile(samples, 0.95);
  const max = samples.at(-1) ?? Number.NaN;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const section = `${START}
## Document PDF (issue 11)

Measured by \`npm run bench\` (\`tests/bench/pdf.ts\`) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} CPUs (load average ${load.toFixed(1)} when it started: the machine is shared, so the tail reflects the neighbours as much as the renderer).

| figure | p50 | p95 | max | CPU time p50 / p95 | target |
|---|---|---|---|---|---|
| \`renderDocumentPdf\`, ${count} invoices of 18–22 lines (FR/EN, A4, Inter embedded; ${Math.round(bytes / count / 1024)} KB each on average) | ${ms(p50)} | ${ms(p95)} | ${ms(max)} | ${ms(percentile(cpu, 0.5))} / ${ms(percentile(cpu, 0.95))} | p95 ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? "PASS" : "FAIL"} |

The first render of the process took ${ms(first)} (Inter's two TTF files read and parsed, once per
process), then ${WARMUP} renders were discarded as warm-up. Each figure is one call, from the print
model to the PDF's last byte, one at a time; the CPU time is the process's (user and system, the
garbage collector's threads included) over the same call, less sensitive to the neighbours than the
wall clock. Two choices carry it (docs/architecture.md,
Document PDF): the parsed fonts are shared by every document, and shaped words are cached per process.
${END}
`;
  writeSection(report, START, END, section);
  console.info(
    `PDF over ${count} invoices: p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)}; CPU p95 ${ms(percentile(cpu, 0.95))}; first ${ms(first)}`,
  );
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href)
  await runPdfBench(new URL("../../docs/performance.md", import.meta.url).pathname);
