import { expect, type Locator, type Page } from '@playwright/test';
import type { ConsolePage } from './ConsolePage';
import { CodeEditor } from './CodeEditor';

/** Page object for the NAD list, details and editor pages. */
export class NadPages {
  readonly page: Page;
  constructor(readonly console: ConsolePage) {
    this.page = console.page;
  }

  async gotoList(namespace?: string): Promise<void> {
    await this.console.goto(
      namespace
        ? `/switchboard/ns/${namespace}/attachments`
        : '/switchboard/all-namespaces/attachments',
    );
  }
  /** The details page on one of its tabs (path segments; Details is the page's own URL). */
  async gotoDetails(
    namespace: string,
    name: string,
    tab?: 'yaml' | 'events' | 'configuration' | 'pods',
  ): Promise<void> {
    await this.console.goto(
      `/switchboard/ns/${namespace}/attachments/${name}${tab ? `/${tab}` : ''}`,
    );
  }
  async gotoCreate(namespace: string): Promise<void> {
    await this.console.goto(`/switchboard/ns/${namespace}/attachments/~new`);
  }
  async gotoEdit(namespace: string, name: string): Promise<void> {
    await this.console.goto(`/switchboard/ns/${namespace}/attachments/${name}/edit`);
  }

  /** The list's row of a NAD: the console's VirtualizedTable row holding the NAD's name cell. */
  row(namespace: string, name: string): Locator {
    return this.page
      .locator('[data-test-rows="resource-row"]')
      .filter({ has: this.page.getByTestId(`nad-row-${namespace}-${name}`) });
  }
  field(id: string): Locator {
    return this.page.getByTestId(`field-${id}`);
  }
  /** The JSON view's editor (the console's CodeEditor). */
  get jsonEditor(): CodeEditor {
    return new CodeEditor(this.page, 'nad-json');
  }
  get editorFindings(): Locator {
    return this.page.getByTestId('editor-findings');
  }
  get saveButton(): Locator {
    return this.page.getByTestId('nad-save');
  }

  get deleteModal(): Locator {
    return this.page.getByTestId('delete-nad-modal');
  }
  /** Opens the delete dialog from the row's kebab on the list page. */
  async deleteFromList(namespace: string, name: string): Promise<void> {
    await this.row(namespace, name).getByRole('button', { name: 'Kebab toggle' }).click();
    await this.page.getByRole('menuitem', { name: 'Delete' }).click();
  }
  /** Opens the delete dialog from the details page's actions. */
  async deleteFromDetails(): Promise<void> {
    await this.page.getByTestId('actions-menu').click();
    await this.page.getByTestId('action-delete').click();
  }
  /** The details page's Actions menu offers the action disabled, saying why. */
  async expectActionDisabled(id: string, reason: string): Promise<void> {
    const menu = this.page.getByTestId('actions-menu');
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    const item = this.page.getByTestId(`action-${id}`);
    await expect(item.locator('button, a').first()).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toContainText(reason);
  }

  async showJson(): Promise<void> {
    await this.page.getByTestId('view-json').click();
  }
  async showForm(): Promise<void> {
    await this.page.getByTestId('view-form').click();
  }
  async jsonText(): Promise<string> {
    return this.jsonEditor.value();
  }
  /** 1-based line of the first line containing `needle` in the JSON editor. */
  async lineOf(needle: string): Promise<number> {
    const lines = (await this.jsonText()).split('\n');
    return lines.findIndex((l) => l.includes(needle)) + 1;
  }
}
