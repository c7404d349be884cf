import type { Locator, Page } from "playwright-core";
import { openPath } from "../support.ts";

export type Locale = "fr" | "en";

/** « 31/12/2025 »: a day "2025-12-31" as the date fields show it, in French and (British) English. */
export const shownDay = (iso: string): string => iso.split("-").reverse().join("/");

/** A line of an entry typed in the form: an account (and its auxiliary), a debit or a credit as typed. */
export type TypedLine = { account: string; auxiliary?: string; debit?: string; credit?: string };

/**
 * Page objects of the accounting screens (`/org/accounting/…`): the kit's fields (date fields typed
 * the interface's way, searchable selects), the entry form and its lines, the closing file's forms.
 */
export class AccountingPages {
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

  get mainHeading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  // The kit's fields.

  /** Types a day in a date field as a person does (« 03/02/2025 »), then leaves the field. */
  async fillDate(field: Locator, iso: string): Promise<void> {
    await field.click();
    await field.fill(shownDay(iso));
    await field.press("Tab");
  }

  /** Picks an option of a searchable select by typing, then Enter. */
  async pick(input: Locator, text: string): Promise<void> {
    await input.click();
    await input.fill(text);
    await this.page
      .getByRole("option", { name: new RegExp(`^${text}`) })
      .first()
      .waitFor();
    await input.press("Enter");
  }

  /** Picks an option of a plain select by its whole label. */
  async choose(input: Locator, label: string): Promise<void> {
    await input.click();
    await this.page.getByRole("option", { name: label }).click();
  }

  // The chart of accounts.

  accountRow(number: string): Locator {
    return this.page.locator(`[data-testid="account-row"][data-number="${number}"]`);
  }

  async searchAccounts(text: string): Promise<void> {
    await this.page.getByTestId("accounts-search").fill(text);
  }

  // The entry form (`/entries/create`, `/entries/{mvt}/edit`).

  field(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  lineField(name: "account" | "auxiliary" | "label" | "debit" | "credit", index: number): Locator {
    return this.page.getByTestId(`line-${name}`).nth(index);
  }

  /** Fills the entry's head: journal, date (the piece's date follows), piece reference and label. */
  async fillEntryHead(head: {
    journal: string;
    date: string;
    pieceRef: string;
    label: string;
  }): Promise<void> {
    await this.pick(this.field("entry-journal"), head.journal);
    await this.fillDate(this.field("entry-date"), head.date);
    await this.field("entry-piece-ref").fill(head.pieceRef);
    await this.field("entry-label").fill(head.label);
  }

  /** Types a line at `index` (a line is added when the form has fewer). */
  async fillLine(index: number, line: TypedLine): Promise<void> {
    while ((await this.page.getByTestId("editor-line").count()) <= index)
      await this.page.getByTestId("editor-add-line").click();
    await this.pick(this.lineField("account", index), line.account);
    if (line.auxiliary) await this.pick(this.lineField("auxiliary", index), line.auxiliary);
    if (line.debit !== undefined) await this.lineField("debit", index).fill(line.debit);
    if (line.credit !== undefined) await this.lineField("credit", index).fill(line.credit);
  }

  /** « = » in a line's amount: the difference that balances the entry. */
  async balanceOn(index: number, side: "debit" | "credit"): Promise<void> {
    await this.lineField(side, index).press("=");
  }

  async waitBalanced(): Promise<void> {
    await this.page.locator('[data-testid="editor-difference"][data-balanced]').waitFor();
  }

  totalDebit(): Promise<string | null> {
    return this.field("editor-total-debit").textContent();
  }

  totalCredit(): Promise<string | null> {
    return this.field("editor-total-credit").textContent();
  }

  /** Saves the draft and waits for the entry's page; answers its id. */
  async saveDraft(): Promise<string> {
    await this.field("entry-save-draft").click();
    await this.page.waitForURL(/\/org\/accounting\/entries\/[0-9a-f-]{36}$/);
    return this.pathname().split("/").at(-1) ?? "";
  }

  // An entry's page.

  entryRow(text: string): Locator {
    return this.page.locator('[data-testid="entry-row"]', { hasText: text });
  }

  draftRow(text: string): Locator {
    return this.page.locator('[data-testid="draft-row"]', { hasText: text });
  }

  /** Reverses the entry shown, on the day given (today when none), and waits for the new draft. */
  async reverse(entryMvt: string, day?: string): Promise<void> {
    await this.field("entry-reverse").click();
    if (day) await this.fillDate(this.field("entry-reverse-date"), day);
    await this.field("entry-reverse-confirm").click();
    await this.page.waitForURL(
      (url) => !url.pathname.endsWith(entryMvt) && /entries\/[0-9a-f-]{36}$/.test(url.pathname),
    );
  }

  // The closing file.

  stepEditor(id: string): Locator {
    return this.page.locator(`[data-testid="closing-step-editor"][data-id="${id}"]`);
  }

  step(id: string): Locator {
    return this.page.locator(`[data-testid="closing-step"][data-id="${id}"]`);
  }

  get newAdjustmentForm(): Locator {
    return this.page.getByTestId("adjustment-new-form");
  }

  /** Enters a new year-end adjustment through its form and waits for the notice. */
  async addAdjustment(adjustment: {
    kind: string;
    label: string;
    debit: string;
    credit: string;
    amount: string;
    date?: string;
  }): Promise<void> {
    const form = this.newAdjustmentForm;
    await this.choose(form.getByTestId("adjustment-kind"), adjustment.kind);
    await form.getByTestId("adjustment-label").fill(adjustment.label);
    if (adjustment.date) await this.fillDate(form.getByTestId("adjustment-date"), adjustment.date);
    await this.pick(form.getByTestId("adjustment-debit-account"), adjustment.debit);
    await this.pick(form.getByTestId("adjustment-credit-account"), adjustment.credit);
    await form.getByTestId("adjustment-amount").fill(adjustment.amount);
    await form.getByTestId("adjustment-add").click();
    await this.page.getByTestId("adjustment-added").waitFor();
  }

  adjustmentRow(text: string): Locator {
    return this.page.locator('[data-testid="adjustment-row"]', { hasText: text });
  }
}
