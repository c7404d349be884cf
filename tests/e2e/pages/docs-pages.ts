import type { Locator, Page } from "playwright-core";
import { openPath, pickOption } from "../support.ts";

/** Page object of the documents' screens: the editor, a document's page and its actions. */
export class DocsPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path: string): Promise<void> {
    await openPath(this.page, this.baseUrl, path);
  }

  get lines(): Locator {
    return this.page.getByTestId("line-row");
  }

  /** The editor's contact, picked by typing its name. */
  async pickContact(name: string): Promise<void> {
    await pickOption(this.page, this.page.getByTestId("doc-contact"), name);
    await this.page.getByTestId("doc-billing-address").waitFor();
  }

  /** A new line from an item searched as typed, then its quantity typed and Enter (as people do). */
  async addItemLine(search: string, quantity: string): Promise<void> {
    // A new document opens on a blank line: it takes the item; otherwise a line is added.
    if ((await this.lines.last().getByTestId("line-label").inputValue()) !== "")
      await this.page.getByTestId("line-add").click();
    const line = this.lines.last();
    const label = line.getByTestId("line-label");
    await label.fill(search);
    await this.page.getByTestId("item-option").first().waitFor();
    await label.press("ArrowDown");
    await label.press("Enter");
    const qty = line.getByTestId("line-quantity");
    await qty.fill(quantity);
    await qty.press("Enter");
  }

  async save(): Promise<string> {
    await this.page.getByTestId("doc-save").click();
    await this.page.waitForURL(/\/org\/docs\/[0-9a-f-]{36}$/);
    await this.page.getByTestId("doc-actions").waitFor();
    return this.page.url().split("/").at(-1) ?? "";
  }

  /** Clicks a document action and confirms its dialog. */
  async act(testId: string): Promise<void> {
    await this.page.getByTestId(testId).click();
    await this.page.getByTestId("doc-action-modal-confirm").click();
    await this.page
      .getByTestId("doc-action-modal")
      .waitFor({ state: "detached" })
      .catch(() => undefined);
  }

  /** Transforms the document into `kind` and waits for the new draft's page. */
  async transform(kind: string): Promise<string> {
    const before = this.page.url();
    const title = await this.title();
    await this.page.getByTestId("doc-transform").click();
    await this.page.getByTestId(`doc-transform-${kind}`).click();
    await this.page.getByTestId("doc-action-modal-confirm").click();
    await this.page.waitForURL(
      (url) => url.toString() !== before && /\/org\/docs\/[0-9a-f-]{36}$/.test(url.pathname),
    );
    // The new draft's page replaces the origin's: its own title.
    await this.page.waitForFunction(
      (previous) => document.querySelector("h1")?.textContent !== previous,
      title,
    );
    return this.page.url().split("/").at(-1) ?? "";
  }

  async status(): Promise<string> {
    return (await this.page.getByTestId("doc-status").first().textContent()) ?? "";
  }

  async title(): Promise<string> {
    return (await this.page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  }

  /** A total of the totals card as shown, spaces made plain. */
  async total(testId: "total-excl" | "total-vat" | "total-incl", card = "doc-totals"): Promise<string> {
    const text = await this.page.getByTestId(card).getByTestId(testId).textContent();
    return (text ?? "").replace(/[\u00a0\u202f]/g, " ");
  }
}
