import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The console's list page parts as the SDK renders them (ListPageFilter's filter toolbar,
 * VirtualizedTable, the Manage columns dialog), addressed by the console's own data-test ids.
 */
export class ListPage {
  constructor(readonly page: Page) {}

  get rows(): Locator {
    return this.page.locator('[data-test-rows="resource-row"]');
  }
  get toolbar(): Locator {
    return this.page.getByTestId('filter-toolbar');
  }
  header(title: string): Locator {
    return this.page.locator('thead th').filter({ hasText: new RegExp(`^${title}$`) });
  }
  async sortBy(title: string): Promise<void> {
    await this.header(title).getByRole('button').click();
  }
  async filterByName(text: string): Promise<void> {
    await this.page.getByTestId('name-filter-input').fill(text);
  }
  async filterByLabel(label: string): Promise<void> {
    await this.page.getByTestId('filter-type-toggle').click();
    await this.page.locator('[data-test-dropdown-menu="LABEL"]').click();
    await this.page.getByTestId('label-filter-input').fill(label);
    await this.page.getByTestId('suggestion-line').filter({ hasText: label }).first().click();
  }
  /** Toggles one item of the row filter dropdown. */
  async toggleRowFilter(id: string): Promise<void> {
    await this.page.locator('[data-test-id="filter-dropdown-toggle"]').getByRole('button').click();
    await this.page.locator(`[data-test-row-filter="${id}"]`).click();
    await this.page.keyboard.press('Escape');
  }
  /** Checks exactly `on` and unchecks `off` in the Manage columns dialog, then saves. */
  async manageColumns(on: string[], off: string[]): Promise<void> {
    await this.page.getByTestId('manage-columns').click();
    const modal = this.page.getByTestId('column-management-modal');
    await expect(modal).toBeVisible();
    for (const title of [...on, ...off]) {
      const box = modal.getByRole('checkbox', { name: title, exact: true });
      if ((await box.isChecked()) !== on.includes(title)) await box.click();
    }
    await modal.getByTestId('confirm-action').click();
    await expect(modal).toHaveCount(0);
  }
}
