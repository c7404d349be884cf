/**
 * The VAT returns' API (issue 22, api/src/routes/accounting/vat.ts): a year's periods and their states,
 * one return with its boxes, warnings and settlement, a box's lines, the copy sheet's files, and the
 * validation that posts the settlement entry. Boxes are whole euros; the lines and the settlement, cents.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, type BodyOf, type OperationOf, type Schemas } from "../../lib/api-client.ts";
import { downloadFile } from "../accounting/access.ts";
import { accountingKeys, invalidateBooks } from "../accounting/api.ts";
import type { CorrectionInput } from "./model.ts";

export type VatReturn = Schemas["VatReturn"];
export type VatBox = Schemas["VatBox"];
export type VatWarning = Schemas["VatWarning"];
export type VatPeriodSummary = Schemas["VatPeriodSummary"];
export type VatBoxLine = Schemas["VatBoxLine"];
export type VatStatus = VatReturn["status"];
export type VatCorrection = Schemas["VatCorrection"];
export type ValidateVatReturnInput = BodyOf<OperationOf<"/accounting/entries/vat", "post">>;

export const vatKeys = {
  all: [...accountingKeys.all, "vat"] as const,
  year: (year: number) => [...accountingKeys.all, "vat", "year", year] as const,
  period: (period: string) => [...accountingKeys.all, "vat", "return", period] as const,
  preview: (period: string, refund: number, corrections: string) =>
    [...accountingKeys.all, "vat", "return", period, "preview", refund, corrections] as const,
  reference: (period: string, reference: number) =>
    [...accountingKeys.all, "vat", "return", period, "reference", reference] as const,
  box: (period: string, box: string) => [...accountingKeys.all, "vat", "return", period, "box", box] as const,
};

/** The periods of a calendar year, as the organisation files them. */
export const vatYearQuery = (year: number) =>
  queryOptions({
    queryKey: vatKeys.year(year),
    queryFn: ({ signal }) => api.get("/accounting/vat", { query: { year: String(year) }, signal }),
    placeholderData: keepPreviousData,
  });

/** One return: computed live while it is to prepare, as declared once validated. */
export const vatReturnQuery = (period: string) =>
  queryOptions({
    queryKey: vatKeys.period(period),
    queryFn: ({ signal }) => api.get("/accounting/vat/{period}", { path: { period }, signal }),
  });

/**
 * The return as it would be validated with a refund asked (box 26) and corrections of earlier returns
 * (boxes 15 and 21): what the validation dialog previews.
 */
export const vatPreviewQuery = (
  period: string,
  { refund, corrections }: { refund: number; corrections: readonly CorrectionInput[] },
) => {
  const listed = corrections.length > 0 ? JSON.stringify(corrections) : "";
  return queryOptions({
    queryKey: vatKeys.preview(period, refund, listed),
    queryFn: ({ signal }) =>
      api.get("/accounting/vat/{period}", {
        path: { period },
        query: { ...(refund > 0 && { refund }), ...(listed && { corrections: listed }) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

/**
 * An instalment as it would be on the base given (last year's CA12 line 57, when that return is not in
 * Registre): its amount, or why none is due.
 */
export const vatReferenceQuery = (period: string, reference: number) =>
  queryOptions({
    queryKey: vatKeys.reference(period, reference),
    queryFn: ({ signal }) =>
      api.get("/accounting/vat/{period}", { path: { period }, query: { reference }, signal }),
    placeholderData: keepPreviousData,
  });

/** A box and the VAT lines it sums, each with where it comes from. */
export const vatBoxQuery = (period: string, box: string) =>
  queryOptions({
    queryKey: vatKeys.box(period, box),
    queryFn: ({ signal }) =>
      api.get("/accounting/vat/{period}/boxes/{box}", { path: { period, box }, signal }),
  });

/**
 * Validates a return: its boxes are frozen and its settlement entry posted in OD, in one commit (with
 * the corrections of earlier returns it carries); or declares a CA12 instalment (445810 / 445510).
 */
export const useValidateVatReturn = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ValidateVatReturnInput) => api.post("/accounting/entries/vat", { body: input }),
    onSuccess: (validated) => {
      client.setQueryData(vatKeys.period(validated.period), validated);
      return Promise.all([client.invalidateQueries({ queryKey: vatKeys.all }), invalidateBooks(client)]);
    },
  });
};

export type VatFileFormat = "pdf" | "csv";

/** The return laid out like the form (PDF), or its copy sheet (CSV), saved under the server's name. */
export const downloadVatReturn = (period: string, format: VatFileFormat) =>
  downloadFile(`/accounting/vat/${encodeURIComponent(period)}/${format}`, `tva-${period}.${format}`);
