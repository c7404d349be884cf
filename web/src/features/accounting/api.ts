/**
 * The accounting API (api/src/routes/accounting/), one module per concept: the shapes and query keys,
 * then accounts, journals, entries, fiscal years and reports, and the closing file.
 */
export * from "./accounts-api.ts";
export * from "./api-shapes.ts";
export * from "./closing-api.ts";
export * from "./entries-api.ts";
export * from "./journals-api.ts";
export * from "./years-api.ts";
