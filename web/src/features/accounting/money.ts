/** Amounts are part of the shared kit (lib/money.ts); the reports still import them from here. */
export * from "../../lib/money.ts";
