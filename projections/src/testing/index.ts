export * from "./projector-specification.ts";
