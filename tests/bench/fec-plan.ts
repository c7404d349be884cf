/**
 * Issue 21's FEC plan benchmark: the pure half of the FEC import (`planFecImport`, no database) on files
 * whose every sale names its own customer — a business's customers kept in auxiliary accounts, thousands
 * of them — at several sizes, to show the plan's cost grows linearly with the accounts it opens (the
 * simulated chart used to copy every account per account opened: 5,000 customers took 33 s, 10,000 two
 * minutes). Prints the times; run alone: `npx tsx tests/bench/fec-plan.ts` (BENCH_FEC_CUSTOMERS, a list
 * of sizes, "5000,10000,20000" by default).
 */
import { type FecLineInput, planFecImport, writeFec } from "@registre/core";

const sizes = (process.env.BENCH_FEC_CUSTOMERS ?? "5000,10000,20000")
  .split(",")
  .map((s) => Number(s.replace(/_/g, "")));

/** One sale per customer: 411000 with its own CompAuxNum, 706000 and VAT. */
const fecFile = (customers: number): Uint8Array => {
  const records: FecLineInput[] = [];
  for (let n = 1; n <= customers; n++) {
    const day = `2025-${String((n % 12) + 1).padStart(2, "0")}-${String((n % 28) + 1).padStart(2, "0")}`;
    const line = (compteNum: string, debit: number, credit: number, aux = false): void => {
      records.push({
        journalCode: "VT",
        journalLib: "Ventes",
        ecritureNum: String(n),
        ecritureDate: day,
        compteNum,
        compteLib: `Compte ${compteNum}`,
        compAuxNum: aux ? `C${String(n).padStart(6, "0")}` : "",
        compAuxLib: aux ? `Client ${n}` : "",
        pieceRef: `F${n}`,
        pieceDate: day,
        ecritureLib: `Facture ${n}`,
        debit,
        credit,
        ecritureLet: "",
        dateLet: "",
        validDate: day,
        montantDevise: null,
        idevise: "",
      });
    };
    line("411000", 1200, 0, true);
    line("706000", 0, 1000);
    line("445710", 0, 200);
  }
  return Buffer.from(writeFec(records, "|"));
};

for (const customers of sizes) {
  const bytes = fecFile(customers);
  const started = performance.now();
  const plan = planFecImport({
    bytes,
    fileName: "552100554FEC20251231.txt",
    context: {
      chart: { initialised: false, accounts: {} },
      journals: { initialised: false, journals: {} },
      fiscal: { years: [], lockedUntil: null },
    },
    newId: () => "00000000-0000-4000-8000-000000000001",
    validatedOn: "2025-12-31",
    explain: (error) => error.code,
  });
  const seconds = (performance.now() - started) / 1000;
  if (plan.errors.length > 0) throw new Error(JSON.stringify(plan.errors.slice(0, 3)));
  const auxiliaries = plan.chart.filter((c) => c.type === "CreateAuxiliaryAccount").length;
  console.info(
    `FEC plan: ${(customers * 3).toLocaleString("en")} lines, ${auxiliaries.toLocaleString("en")} auxiliary accounts: ${seconds.toFixed(2)} s`,
  );
}
