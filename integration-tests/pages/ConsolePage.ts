import type { Locator, Page } from '@playwright/test';

/** Page object for the console stand-in shell: navigation, persona, and waiting for the plugin. */
export class ConsolePage {
  constructor(
    readonly page: Page,
    readonly baseURL: string,
  ) {}

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.page.waitForFunction(() => window.__switchboardReady === true, undefined, {
      timeout: 30_000,
    });
  }

  nav(testId: string): Locator {
    return this.page.getByTestId('main-nav').getByTestId(testId);
  }

  /** Shows a nav item: console nav sections start collapsed (NavSection.tsx), so open its own. */
  async showNav(testId: string): Promise<Locator> {
    const link = this.nav(testId);
    if (!(await link.isVisible())) {
      await this.page
        .getByTestId('main-nav')
        .locator('li[data-test="nav"]', { has: this.page.getByTestId(testId) })
        .locator(':scope > button')
        .click();
    }
    return link;
  }

  async clickNav(testId: string): Promise<void> {
    await (await this.showNav(testId)).click();
  }

  async setPersona(persona: 'admin' | 'viewer' | 'network-viewer' | 'nad-editor'): Promise<void> {
    await this.page
      .context()
      .addCookies([{ name: 'switchboard-persona', value: persona, url: this.baseURL }]);
  }

  get title(): Locator {
    return this.page.getByTestId('page-title');
  }
}

declare global {
  interface Window {
    __switchboardReady?: boolean;
  }
}
