import type { Locator, Page } from '@playwright/test';
import type { ConsolePage } from './ConsolePage';

type Tab = 'hosts' | 'switches' | 'vlan-check' | 'attachments' | 'phases';

/** Page object for /switchboard/switch-ports and its dialogs. */
export class SwitchPortsPage {
  readonly page: Page;

  constructor(readonly console: ConsolePage) {
    this.page = console.page;
  }

  async goto(tab: Tab = 'hosts'): Promise<void> {
    await this.console.goto(`/switchboard/switch-ports?tab=${tab}`);
  }

  /**
   * The Hosts tab in a window tall enough for every demo host: the list is windowed as the
   * console's lists are, so a host below the fold has no row in the page.
   */
  async gotoHostsAllInView(): Promise<void> {
    await this.page.setViewportSize({
      width: this.page.viewportSize()?.width ?? 1440,
      height: 4000,
    });
    await this.goto('hosts');
  }

  async openTab(tab: Tab): Promise<void> {
    await this.page.getByTestId(`tab-${tab}`).click();
  }

  /** The Hosts list's row of a host: the console's VirtualizedTable row holding its name cell. */
  hostRow(name: string): Locator {
    return this.listRow(`host-${name}`);
  }

  /** The Switches list's row of a switch. */
  switchRow(name: string): Locator {
    return this.listRow(`switch-${name}`);
  }

  /** The Attachments list's row of a HostNetworkAttachment. */
  attachmentRow(name: string): Locator {
    return this.listRow(`hna-row-${name}`);
  }

  /** Opens a list row's kebab and returns the menu item titled `title`. */
  async rowAction(row: Locator, title: string): Promise<Locator> {
    await row.getByRole('button', { name: 'Kebab toggle' }).click();
    return this.page.getByRole('menuitem', { name: title });
  }

  private listRow(nameTestId: string): Locator {
    return this.page
      .locator('[data-test-rows="resource-row"]')
      .filter({ has: this.page.getByTestId(nameTestId) });
  }

  hostPhase(name: string): Locator {
    return this.page.getByTestId(`host-phase-${name}`);
  }

  nicRow(host: string, nic: string): Locator {
    return this.page.getByTestId(`nic-${host}-${nic}`);
  }

  /** Rows of the VLAN check, optionally narrowed to one code and VLAN. */
  mismatches(code?: string, vlan?: number): Locator {
    let selector = '[data-test="mismatch"]';
    if (code) selector += `[data-code="${code}"]`;
    if (vlan !== undefined) selector += `[data-vlan="${vlan}"]`;
    return this.page.locator(selector);
  }

  switchValid(name: string): Locator {
    return this.page.getByTestId(`switch-valid-${name}`);
  }

  switchError(name: string): Locator {
    return this.page.getByTestId(`switch-error-${name}`);
  }

  get hnaEditor(): Locator {
    return this.page.getByTestId('hna-editor');
  }

  get createSwitchButton(): Locator {
    return this.page.getByTestId('create-switch');
  }

  get createAttachmentButton(): Locator {
    return this.page.getByTestId('create-hna');
  }

  /**
   * Records every phase a host's port label shows from now on (a MutationObserver in the
   * page), so a fast controller's short phases are not missed between polls.
   */
  async recordPhases(host: string): Promise<void> {
    await this.page.evaluate((testId) => {
      const seen: string[] = [];
      (window as unknown as { __phases: string[] }).__phases = seen;
      const read = () => {
        const phase = document.querySelector(`[data-test="${testId}"]`)?.getAttribute('data-phase');
        if (phase && seen[seen.length - 1] !== phase) seen.push(phase);
      };
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      read();
    }, `host-phase-${host}`);
  }

  async recordedPhases(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __phases?: string[] }).__phases ?? []);
  }
}
