import type { Locator, Page } from '@playwright/test';
import type { ConsolePage } from './ConsolePage';
import { CodeEditor } from './CodeEditor';

/** Policy history (the details page's History tab), its rollback/revert panels, and the failed-policies page. */
export class RollbackPages {
  constructor(
    readonly console: ConsolePage,
    readonly page: Page = console.page,
  ) {}

  async openHistory(policy: string): Promise<void> {
    await this.console.goto(`/switchboard/policies/${encodeURIComponent(policy)}/history`);
    await this.history.waitFor();
  }

  async openFailedPolicies(): Promise<void> {
    await this.console.goto('/switchboard/failed-policies');
  }

  get history(): Locator {
    return this.page.getByTestId('policy-history');
  }
  revision(generation: number): Locator {
    return this.page.getByTestId(`revision-${generation}`);
  }
  get unavailableRevisions(): Locator {
    return this.page.getByTestId('revision-unavailable');
  }
  get rollbackOpen(): Locator {
    return this.page.getByTestId('rollback-open');
  }
  get revertOpen(): Locator {
    return this.page.getByTestId('revert-open');
  }
  /** The revert panel's editor of the inverse desired state (inside `panel`). */
  revertEditor(panel: Locator): CodeEditor {
    return new CodeEditor(this.page, 'revert-editor', panel);
  }
  get rollbackPanel(): Locator {
    return this.page.getByTestId('rollback-panel');
  }
  get revertPanel(): Locator {
    return this.page.getByTestId('revert-panel');
  }
  get failedEnactments(): Locator {
    return this.page.getByTestId('failed-enactments');
  }
  /** The failed-policies list's row of a policy (the console's VirtualizedTable row). */
  failedPolicyRow(policy: string): Locator {
    return this.page
      .locator('[data-test-rows="resource-row"]')
      .filter({ has: this.page.getByTestId(`failed-policy-${policy}`) });
  }
  /** Opens a failed policy's kebab and returns the menu item titled `title`. */
  async failedPolicyAction(policy: string, title: string): Promise<Locator> {
    await this.failedPolicyRow(policy).getByRole('button', { name: 'Kebab toggle' }).click();
    return this.page.getByRole('menuitem', { name: title });
  }
  /** The live rollout box after a write; its outcome label appears once settled. */
  get writeOutcome(): Locator {
    return this.page.getByTestId('write-outcome');
  }
}
