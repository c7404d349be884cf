import type { Locator, Page } from "playwright-core";
import { openPath } from "../support.ts";

/** Page object of the items' screens: the list, the item form with its tiers, the price screen. */
export class ItemsPages {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path: string): Promise<void> {
    await openPath(this.page, this.baseUrl, path);
  }

  get rows(): Locator {
    return this.page.getByTestId("item-row");
  }

  async search(text: string): Promise<void> {
    await this.page.getByTestId("items-search").fill(text);
  }

  /** Fills the new item's fields; `use` is the option's label as shown. */
  async fillItem(item: {
    reference: string;
    label: string;
    use: string;
    buyPrice?: string;
    sellPrice: string;
  }) {
    const form = this.page.getByTestId("item-form");
    await form.getByTestId("item-reference").fill(item.reference);
    await form.getByTestId("item-label").fill(item.label);
    await form.getByTestId("item-use").click();
    await this.page.getByRole("option", { name: item.use, exact: true }).click();
    if (item.buyPrice !== undefined) await form.getByTestId("item-buy-price").fill(item.buyPrice);
    await form.getByTestId("item-sell-price").fill(item.sellPrice);
  }

  /** Adds a tier of a side at the end of its list, as typed. */
  async addTier(side: "sale" | "purchase", fromQuantity: string, unitPrice: string): Promise<void> {
    const tiers = this.page.getByTestId(`${side}-tiers`);
    await tiers.getByTestId(`${side}-tier-add`).click();
    const last = tiers.getByTestId(`${side}-tier`).last();
    await last.getByTestId(`${side}-tier-quantity`).fill(fromQuantity);
    await last.getByTestId(`${side}-tier-price`).fill(unitPrice);
  }

  /** The live margins table: each row's amount and rate as shown. */
  async margins(): Promise<{ amount: string; rate: string }[]> {
    const rows = this.page.getByTestId("margin-row");
    const out: { amount: string; rate: string }[] = [];
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      out.push({
        amount: ((await row.getByTestId("margin-amount").textContent()) ?? "").replace(
          /[\u00a0\u202f]/g,
          " ",
        ),
        rate: ((await row.getByTestId("margin-rate").textContent()) ?? "").replace(/[\u00a0\u202f]/g, " "),
      });
    }
    return out;
  }

  async save(): Promise<void> {
    await this.page.getByTestId("item-save").click();
  }
}
