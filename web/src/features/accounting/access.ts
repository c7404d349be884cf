import { currentLocale } from "../../i18n/i18n.ts";
import { ApiError, apiBase, type Problem } from "../../lib/http.ts";
import { bearerToken, can, type Permission } from "../../lib/session.ts";
import { getSession, useSession } from "../../lib/session-store.ts";

/** The resource codes of the accounting screens (spec section 6). */
export type AccountingRight =
  | "accounting"
  | "accounts"
  | "journals"
  | "entries"
  | "entries.validate"
  | "entries.export"
  | "balancesheet";

/** Whether the session user may do `action` on `code`; actions the user may not do are not shown. */
export const useCan = (): ((code: AccountingRight, action: Permission) => boolean) => {
  const session = useSession();
  return (code, action) => can(session, code, action);
};

const filenameOf = (disposition: string | null, fallback: string): string => {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
};

/** Saves a file made or fetched in the browser under `name`, as a download. */
const saveBlob = (blob: Blob, name: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/**
 * Downloads a file of the API (FEC, CSV) with the session's bearer token: fetched as a blob, then
 * saved under the name the server gives. Rejects with an {@link ApiError} carrying the problem.
 */
export const downloadFile = async (path: string, fallbackName: string): Promise<string> => {
  const headers: Record<string, string> = { "Accept-Language": currentLocale() };
  const token = bearerToken(getSession());
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, { headers });
  } catch {
    throw new ApiError("network", "Network error", null, null);
  }
  if (!response.ok) {
    let problem: Problem | null = null;
    try {
      const body = (await response.json()) as Partial<Problem>;
      if (typeof body.detail === "string")
        problem = {
          type: body.type ?? "about:blank",
          title: body.title ?? "",
          status: response.status,
          code: body.code ?? "",
          detail: body.detail,
        };
    } catch {
      // Not JSON: the status says enough.
    }
    throw problem
      ? new ApiError("problem", problem.detail, response.status, problem)
      : new ApiError("unexpected", `HTTP ${response.status}`, response.status, null);
  }
  const name = filenameOf(response.headers.get("content-disposition"), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
};

/** Builds a CSV file in the browser (semicolon-separated, as French spreadsheets expect) and saves it. */
export const saveCsv = (name: string, rows: readonly (readonly (string | number)[])[]): void => {
  const cell = (value: string | number) => {
    const text = String(value);
    return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const text = `\ufeff${rows.map((row) => row.map(cell).join(";")).join("\r\n")}\r\n`;
  saveBlob(new Blob([text], { type: "text/csv;charset=utf-8" }), name);
};
