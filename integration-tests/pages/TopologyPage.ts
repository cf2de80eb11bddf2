import type { Locator, Page } from '@playwright/test';
import type { ConsolePage } from './ConsolePage';

/** Page object for the node network topology (cluster, per node, and the Node "Network" tab). */
export class TopologyPage {
  readonly page: Page;

  constructor(readonly console: ConsolePage) {
    this.page = console.page;
  }

  async open(query = '', node?: string): Promise<void> {
    const path = node ? `/switchboard/topology/${node}` : '/switchboard/topology';
    await this.console.goto(query ? `${path}?${query}` : path);
    await this.graphOrTable.waitFor();
  }

  get graphOrTable(): Locator {
    return this.page.locator('[data-test="topology-graph"], [data-test="topology-table"]');
  }

  get graph(): Locator {
    return this.page.getByTestId('topology-graph');
  }

  get table(): Locator {
    return this.page.getByTestId('topology-table');
  }

  /**
   * A node group of the graph (`group-<node>`). react-topology draws a group's box in its own
   * layer, so this element is attached but has no size: assert attachment, not visibility.
   */
  group(node: string): Locator {
    return this.page.getByTestId(`group-${node}`);
  }

  get groups(): Locator {
    return this.page.locator('[data-test^="group-"]');
  }

  get interfaces(): Locator {
    return this.page.locator('[data-test^="iface-"]');
  }

  /** An interface by graph id `<node>/<name>/<type>`. */
  iface(id: string): Locator {
    return this.page.getByTestId(`iface-${id}`);
  }

  async filterText(field: string, value: string): Promise<void> {
    const input = this.page.getByTestId(`filter-${field}`);
    await input.fill(value);
    await input.press('Enter');
  }

  async selectInterface(id: string): Promise<void> {
    // Forced: react-topology keeps re-rendering observed nodes, so the stability check can
    // starve on a busy machine; the click itself is an ordinary user click on the shape.
    await this.iface(id).locator('.pf-topology__node__background').first().click({ force: true });
    await this.panel.waitFor();
  }

  get panel(): Locator {
    return this.page.getByTestId('interface-panel');
  }

  get panelAddresses(): Locator {
    return this.panel.getByTestId('detail-address');
  }

  get legend(): Locator {
    return this.page.getByTestId('topology-legend');
  }

  async showTable(): Promise<void> {
    await this.page.getByTestId('view-table').click();
    await this.table.waitFor();
  }

  row(id: string): Locator {
    return this.page.getByTestId(`row-${id}`);
  }

  rowButton(id: string): Locator {
    return this.page.getByTestId(`row-button-${id}`);
  }
}
