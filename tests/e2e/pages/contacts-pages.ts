import type { Locator, Page } from "playwright-core";
import { openPath } from "../support.ts";

/** A company as the create form takes it. */
export type NewCompany = {
  name: string;
  types: readonly string[];
  address: { line1: string; postalCode: string; city: string };
  iban: string;
  bic?: string;
  siren?: string;
  vatNumber?: string;
};

/** Page objects of the contact screens (`/org/contacts…`): the list and its search, the create form, a contact's tabs. */
export class ContactsPages {
  readonly page: Page;
  readonly baseUrl: string;

  constructor(page: Page, baseUrl: string) {
    this.page = page;
    this.baseUrl = baseUrl;
  }

  async open(path: string): Promise<void> {
    await openPath(this.page, this.baseUrl, path);
  }

  get mainHeading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  // The list.

  get rows(): Locator {
    return this.page.getByTestId("contact-row");
  }

  /** Types in the search box as a person does, key by key, and waits for the list to follow. */
  async search(text: string): Promise<void> {
    const box = this.page.getByTestId("contacts-search");
    const answered = this.page.waitForResponse(
      (r) => r.url().includes("/api/contacts?") && new URL(r.url()).searchParams.get("q") === text.trim(),
    );
    await box.fill("");
    await box.pressSequentially(text, { delay: 40 });
    // The previous rows stay, dimmed, until the answer is shown: wait for the answer's rows.
    const names = ((await (await answered).json()) as { items: { name: string }[] }).items.map((c) => c.name);
    await this.page.waitForFunction(
      (expected) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-testid="contact-link"]')].map((a) => a.textContent?.trim()),
        ) === JSON.stringify(expected),
      names,
    );
  }

  async rowNames(): Promise<string[]> {
    return (await this.page.getByTestId("contact-link").allTextContents()).map((t) => t.trim());
  }

  // The create form.

  /** Fills the create form with a company, its types, address, IBAN and legal identity, and sends it. */
  async createCompany(company: NewCompany): Promise<void> {
    const p = this.page;
    await p.getByTestId("contact-name").fill(company.name);
    const chips = p.getByTestId("contact-types");
    for (const type of ["customer", "supplier", "prospect"]) {
      const chip = chips.locator(`input[value="${type}"]`);
      if ((await chip.isChecked()) !== company.types.includes(type))
        await chips.locator(`.mantine-Chip-root:has(input[value="${type}"]) label`).click();
    }
    await p.getByTestId("contact-line1").fill(company.address.line1);
    await p.getByTestId("contact-postal-code").fill(company.address.postalCode);
    await p.getByTestId("contact-city").fill(company.address.city);
    await p.getByTestId("contact-iban").fill(company.iban);
    if (company.bic) await p.getByTestId("contact-bic").fill(company.bic);
    if (company.siren) await p.getByTestId("contact-siren").fill(company.siren);
    if (company.vatNumber) await p.getByTestId("contact-vat").fill(company.vatNumber);
    await p.getByTestId("contact-create-submit").click();
  }

  get duplicates(): Locator {
    return this.page.getByTestId("contact-duplicates");
  }

  // A contact.

  async openTab(part: string): Promise<void> {
    await this.page.getByTestId(`tab-${part}`).click();
    await this.page.waitForURL((url) => url.pathname.endsWith(`/${part}`));
    await this.page.getByTestId(part === "history" ? "contact-history" : `records-${part}`).waitFor();
  }

  recordRows(part: string): Locator {
    return this.page.getByTestId(`records-${part}`).getByTestId("record-row");
  }
}
