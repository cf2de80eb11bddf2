import type { Locator, Page } from '@playwright/test';
import type { ConsolePage } from './ConsolePage';
import { CodeEditor } from './CodeEditor';

const LIST = '/switchboard/policies';

export type PolicyTab = 'details' | 'yaml' | 'events' | 'enactments' | 'history';
const TAB_NAMES: Record<PolicyTab, string> = {
  details: 'Details',
  yaml: 'YAML',
  events: 'Events',
  enactments: 'Enactments',
  history: 'History',
};

/** Policy list, details and editor pages. */
export class PolicyPages {
  constructor(
    readonly console: ConsolePage,
    readonly page: Page = console.page,
  ) {}

  /**
   * The list; with `name`, filtered by name through the URL as a shared link would be: the rows
   * are windowed, so a policy below the first screen of a long list has no row to find.
   */
  async openList(name?: string): Promise<void> {
    await this.console.goto(name ? `${LIST}?name=${encodeURIComponent(name)}` : LIST);
    await this.page.getByTestId('policy-list').waitFor();
  }
  /** The details page, on one of its tabs (path segments: '' is Details). */
  async openDetails(name: string, tab: PolicyTab = 'details'): Promise<void> {
    const suffix = tab === 'details' ? '' : `/${tab}`;
    await this.console.goto(`${LIST}/${encodeURIComponent(name)}${suffix}`);
    await this.page.getByTestId('policy-details').waitFor();
  }
  /** Switches tabs on an open details page, as a user does (no page load). */
  async openTab(tab: PolicyTab): Promise<void> {
    await this.page.getByRole('tab', { name: TAB_NAMES[tab], exact: true }).click();
  }
  /** An item of the details page's Actions menu (opens the menu). */
  async action(id: string): Promise<Locator> {
    const item = this.page.getByTestId(`action-${id}`);
    if (!(await item.isVisible())) await this.page.getByTestId('actions-menu').click();
    return item;
  }
  async openCreate(): Promise<void> {
    await this.console.goto('/switchboard/policies/~new');
    await this.editorBody.waitFor();
  }
  async openEdit(name: string, mode: 'form' | 'yaml' = 'form'): Promise<void> {
    await this.console.goto(
      `/switchboard/policies/${encodeURIComponent(name)}/edit${mode === 'yaml' ? '?mode=yaml' : ''}`,
    );
    await this.editorBody.waitFor();
  }

  /** The list's row of a policy: the console's VirtualizedTable row holding its name cell. */
  row(name: string): Locator {
    return this.page
      .locator('[data-test-rows="resource-row"]')
      .filter({ has: this.page.getByTestId(`policy-row-${name}`) });
  }
  get createButton(): Locator {
    return this.page.getByTestId('create-policy');
  }
  get editorBody(): Locator {
    return this.page.getByTestId('policy-editor-body');
  }
  /** The YAML view's editor (the console's CodeEditor). */
  get yamlEditor(): CodeEditor {
    return new CodeEditor(this.page, 'policy-yaml');
  }
  testId(id: string): Locator {
    return this.page.getByTestId(id);
  }

  /** Adds an interface of `type` in the form and returns its row index. */
  async addInterface(type: string): Promise<number> {
    const index = await this.page.locator('[data-test^="interface-card-"]').count();
    await this.page.getByTestId('new-interface-type').selectOption(type);
    await this.page.getByTestId('add-interface').click();
    await this.page.getByTestId(`interface-card-${index}`).waitFor();
    return index;
  }

  /** A name or port field with its list of the matched nodes' interfaces. */
  interfacePicker(testId: string): InterfacePicker {
    return new InterfacePicker(this.page, testId);
  }

  /** Opens an interface card's "Link settings" (LLDP, ethtool, SR-IOV) when it is closed. */
  async openLinkSettings(index: number): Promise<void> {
    const toggle = this.page
      .getByTestId(`iface-${index}-link-settings`)
      .getByRole('button', { name: /Link settings/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  enactmentRow(node: string): Locator {
    return this.page.getByTestId(`enactment-row-${node}`);
  }

  async setYaml(text: string): Promise<void> {
    await this.yamlEditor.fill(text);
  }
}

/** An interface typeahead of the policy form (data-test ids derived from the field's). */
export class InterfacePicker {
  constructor(
    readonly page: Page,
    readonly testId: string,
  ) {}

  get input(): Locator {
    return this.page.getByTestId(this.testId);
  }
  get useTyped(): Locator {
    return this.page.getByTestId(`${this.testId}-use-typed`);
  }
  option(name: string): Locator {
    return this.page.getByTestId(`${this.testId}-option-${name}`);
  }
  async open(): Promise<void> {
    await this.input.click();
    await this.page.getByTestId(`${this.testId}-candidates`).waitFor();
  }
}
