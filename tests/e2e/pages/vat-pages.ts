import type { Locator, Page, Response } from "playwright-core";
import { openPath } from "../support.ts";

/**
 * Page objects of the VAT return screens (`/org/accounting/vat`, `/org/accounting/vat/{period}`): the
 * year's periods, a return's boxes and their lines, the copy sheet, the files and the validation.
 */
export class VatPages {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  /** Goes to a path and waits until its requests have settled. */
  async open(path: string): Promise<void> {
    await openPath(this.page, this.baseUrl, path);
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  /** The whole page, as wide as the screen (a phone's included), with no caret nor animation. */
  async screenshot(path: string): Promise<void> {
    await this.page.screenshot({ path, fullPage: true, animations: "disabled", caret: "hide" });
  }

  // The year's periods.

  get periodRows(): Locator {
    return this.page.getByTestId("vat-period");
  }

  periodRow(period: string): Locator {
    return this.page.locator(`[data-testid="vat-period"][data-period="${period}"]`);
  }

  /** Each period's key and the state its badge says, in order. */
  async periodStates(): Promise<[string, string][]> {
    await this.periodRows.first().waitFor();
    return this.periodRows.evaluateAll((rows) =>
      rows.map((row) => [
        row.getAttribute("data-period") ?? "",
        row.querySelector('[data-testid="vat-status"]')?.textContent ?? "",
      ]),
    );
  }

  // One return.

  get boxRows(): Locator {
    return this.page.getByTestId("vat-box");
  }

  boxRow(code: string): Locator {
    return this.page.locator(`[data-testid="vat-box"][data-code="${code}"]`);
  }

  get status(): Locator {
    return this.page.getByTestId("vat-summary").getByTestId("vat-status");
  }

  /** Opens a box's lines and waits for them. */
  async openBox(code: string): Promise<Locator> {
    await this.boxRow(code).getByTestId("vat-box-open").click();
    const lines = this.page.locator(`[data-testid="vat-box-lines"][data-code="${code}"]`);
    await lines.getByTestId("vat-lines").waitFor();
    return lines;
  }

  /** The copy sheet's rows: each box's code and the amounts to type, as shown. */
  async sheet(): Promise<{ code: string; base: string; tax: string }[]> {
    const rows = this.page.getByTestId("vat-sheet-row");
    await rows.first().waitFor();
    return rows.evaluateAll((list) =>
      list.map((row) => ({
        code: row.getAttribute("data-code") ?? "",
        base: row.querySelector('[data-testid="vat-sheet-base"]')?.textContent ?? "",
        tax: row.querySelector('[data-testid="vat-sheet-tax"]')?.textContent ?? "",
      })),
    );
  }

  /** Clicks a file's button and answers the API's response to it. */
  async download(format: "pdf" | "csv"): Promise<Response> {
    const [response] = await Promise.all([
      this.page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/${format}`)),
      this.page.getByTestId(`vat-download-${format}`).click(),
    ]);
    return response;
  }

  /** Picks an option of a select by its name as shown. */
  async pick(select: Locator, name: string): Promise<void> {
    await select.click();
    await this.page.getByRole("option", { name, exact: true }).click();
  }

  /** Asks to validate the return shown; answers the dialog, not confirmed yet. */
  async openValidation(): Promise<Locator> {
    await this.page.getByTestId("vat-validate").click();
    const dialog = this.page.getByTestId("vat-validate-dialog");
    await dialog.waitFor();
    return dialog;
  }

  /** Confirms the validation dialog open. */
  async confirmValidation(): Promise<void> {
    await this.page.getByTestId("vat-validate-dialog-confirm").click();
  }

  /** Asks to validate the return shown and confirms; answers the dialog. */
  async validate(): Promise<Locator> {
    await this.page.getByTestId("vat-validate").click();
    const dialog = this.page.getByTestId("vat-validate-dialog");
    await dialog.waitFor();
    await this.page.getByTestId("vat-validate-dialog-confirm").click();
    return dialog;
  }
}
