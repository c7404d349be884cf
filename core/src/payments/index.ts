export * from "./allocation.ts";
export * from "./banking.ts";
export * from "./deposit.ts";
export * from "./payment.ts";
