import type { Locator, Page } from "playwright-core";

/** The FEC import screen (`/org/accounting/entries/import`): the file, the dry run's plan, the import. */
export class FecImportPage {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async open(): Promise<void> {
    await this.page.goto(new URL("/org/accounting/entries/import", this.baseUrl).toString());
    await this.page.getByTestId("fec-file").waitFor();
  }

  /** Chooses the file: the dry run starts at once; resolves once its plan is shown. */
  async choose(path: string): Promise<void> {
    await this.page.locator('input[type="file"]').setInputFiles(path);
    await this.summary.waitFor();
  }

  get summary(): Locator {
    return this.page.getByTestId("fec-summary");
  }

  /** The fiscal years the plan opens, as the screen lists them. */
  async years(): Promise<string[]> {
    return (await this.page.getByTestId("fec-years").locator("li").allTextContents()).map((y) => y.trim());
  }

  /** The warnings' sentences (the table's last column), in the screen's language. */
  async warnings(): Promise<string[]> {
    return this.page.getByTestId("fec-warnings").locator("tbody tr td:last-child").allTextContents();
  }

  /** Imports the checked file and waits for its result. */
  async confirm(): Promise<string> {
    await this.page.getByTestId("fec-confirm").click();
    const done = this.page.getByTestId("fec-done");
    await done.waitFor({ timeout: 60_000 });
    return (await done.textContent()) ?? "";
  }
}
