export * from "./projector-specification.ts";
export * from "./reactor-specification.ts";
