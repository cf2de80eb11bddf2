// The per-node preview in the policy editor says what the kubernetes-nmstate v0.85 handler will do
// with an edit (issue 22): the node's enactment's cached captures are used and the preview says
// so (pkg/nmpolicy/generate.go `--captured`); the generate step's strict parse fails with nmstate's
// serde message (nmstate 2.2 deny_unknown_fields); values are read as nmstate reads them, so an
// mtu given as text and a lower-case MAC are no change (deserializer.rs, ifaces/base.rs
// `sanitize`); DNS keeps the servers a config omits (dns.rs); route rules, ovs-db and hostname
// changes are reported (route rules and the hostname as lines of their own, issue 24).
import * as path from 'node:path';
import { stringify } from 'yaml';
import { test, expect } from '../fixtures';
import type { KubeClient } from '../fixtures';
import { PolicyPages } from '../pages/PolicyPages';

const API = '/apis/nmstate.io/v1/nodenetworkconfigurationpolicies';
const NNS = '/apis/nmstate.io/v1beta1/nodenetworkstates';
const NNCE = '/apis/nmstate.io/v1beta1/nodenetworkconfigurationenactments';
const NODE = 'master-0';
const shots = process.env.PW_OUTPUT ?? path.join(__dirname, '../../test-results');

interface Condition {
  type: string;
  status: string;
}
interface NnsIface {
  name: string;
  type?: string;
  mtu?: number;
  'mac-address'?: string;
}
interface Nns {
  status?: {
    currentState?: {
      interfaces?: NnsIface[];
      'dns-resolver'?: { config?: { server?: string[] } };
    };
  };
}

async function waitAvailable(kube: KubeClient, name: string) {
  await expect
    .poll(
      async () => {
        const p = await kube.get<{ status?: { conditions?: Condition[] } }>(`${API}/${name}`);
        return p.status?.conditions?.find((c) => c.type === 'Available')?.status;
      },
      { timeout: 45_000 },
    )
    .toBe('True');
}

test('the editor preview shows the handler’s generate step: cached captures, strict parse, nmstate’s values and merge rules', async ({
  consolePage,
  kube,
  page,
}) => {
  const policies = new PolicyPages(consolePage);
  const name = `preview-lines-${Date.now().toString(36)}`;
  const nodeSelector = { 'kubernetes.io/hostname': NODE };
  const capture = {
    'default-gw': 'routes.running.destination=="0.0.0.0/0"',
    'gw-iface': 'interfaces.name==capture.default-gw.routes.running.0.next-hop-interface',
  };
  const bridge = {
    name: 'br-pl',
    type: 'linux-bridge',
    state: 'up',
    description: '{{ capture.gw-iface.interfaces.0.name }}',
    bridge: { port: [] },
  };
  await kube.post(API, {
    apiVersion: 'nmstate.io/v1',
    kind: 'NodeNetworkConfigurationPolicy',
    metadata: { name },
    spec: { nodeSelector, capture, desiredState: { interfaces: [bridge] } },
  });
  await waitAvailable(kube, name);
  // The demo's DNS policy sets the static servers the DNS case below must keep.
  await waitAvailable(kube, 'dns-search-domains');
  const enactment = await kube.get<{ status?: { capturedStates?: Record<string, unknown> } }>(
    `${NNCE}/${NODE}.${name}`,
  );
  expect(Object.keys(enactment.status?.capturedStates ?? {}).sort()).toEqual([
    'default-gw',
    'gw-iface',
  ]);
  const current = (await kube.get<Nns>(`${NNS}/${NODE}`)).status?.currentState;
  const nic = current?.interfaces?.find((i) => i.name === 'eno2' && i.type === 'ethernet');
  expect(nic?.['mac-address']).toMatch(/[A-F]/);
  const servers = current?.['dns-resolver']?.config?.server ?? [];
  expect(servers.length).toBeGreaterThan(0);

  const doc = (desiredState: Record<string, unknown>): string =>
    stringify({
      apiVersion: 'nmstate.io/v1',
      kind: 'NodeNetworkConfigurationPolicy',
      metadata: { name },
      spec: { nodeSelector, capture, desiredState },
    });

  await policies.openEdit(name, 'yaml');
  await policies.testId('show-preview').click();
  const node = policies.testId(`preview-node-${NODE}`);
  const status = node.getByTestId('preview-status');
  // Captures come from the enactment: the handler does not run them again.
  await expect(node.getByTestId('preview-captures-cached')).toBeVisible();

  // The generate step parses strictly: an unknown key in a struct lists the accepted ones ...
  await policies.setYaml(
    doc({ interfaces: [{ ...bridge, bridge: { options: { 'stp-enabled': false }, port: [] } }] }),
  );
  await expect(status).toHaveText('nmstate refuses the state');
  await expect(node.getByTestId('preview-capture-error')).toContainText(
    'unknown field `stp-enabled`, expected one of `gc-timer`, `group-addr`',
  );
  // ... and one on the interface itself is refused by the flattened base interface, bare.
  await policies.setYaml(doc({ interfaces: [{ ...bridge, 'x-vendor-hint': 'keep-me' }] }));
  await expect(node.getByTestId('preview-capture-error')).toContainText(
    'unknown field `x-vendor-hint`',
  );
  // A value nmstate cannot read is an error of the same step.
  await policies.setYaml(doc({ interfaces: [{ ...bridge, mtu: 'jumbo' }] }));
  await expect(node.getByTestId('preview-capture-error')).toContainText(
    'invalid digit found in string',
  );
  await page.screenshot({ path: path.join(shots, 'policy-preview-strict.png'), fullPage: true });

  // Values as nmstate reads and compares them: the NIC as it is, written loosely, changes nothing.
  await policies.setYaml(
    doc({
      interfaces: [
        {
          name: 'eno2',
          type: 'ethernet',
          mtu: String(nic?.mtu ?? 1500),
          'mac-address': (nic?.['mac-address'] ?? '').toLowerCase(),
          'accept-all-mac-addresses': 'no',
        },
      ],
    }),
  );
  await expect(status).toHaveText('No change');
  await expect(node.getByTestId('preview-capture-error')).toHaveCount(0);
  await expect(node.getByTestId('preview-captures-cached')).toBeVisible();

  // DNS: a config without `server` keeps the node's static servers (nmstate dns.rs).
  await policies.setYaml(doc({ 'dns-resolver': { config: { search: ['lab.example'] } } }));
  await expect(node.getByTestId('preview-dns')).toHaveText(
    `DNS changes: servers ${servers.join(', ')}`,
  );

  // Route rules, ovs-db and hostname are changes, not "No change".
  await policies.setYaml(
    doc({
      'route-rules': { config: [{ 'ip-to': '192.0.2.0/24', 'route-table': '100' }] },
      'ovs-db': { external_ids: { owner: 'preview-test' } },
      hostname: { config: 'preview-host' },
    }),
  );
  await expect(status).toHaveText('Will change');
  await expect(node.getByTestId('preview-other')).toHaveText('Also changes: ovs-db');
  await expect(node.getByTestId('preview-setting-routeRuleAdded')).toHaveText(
    'Adds route rule: ip-to: 192.0.2.0/24 route-table: 100',
  );
  await expect(node.getByTestId('preview-setting-hostname')).toContainText('→ preview-host');
  // The desired state shown is the one nmstate prints: the route table given as text is a number.
  await node.getByRole('button', { name: 'Desired state for this node' }).click();
  await expect(node.getByTestId('preview-resolved-state')).toContainText('route-table: 100');
  await expect(node.getByTestId('preview-resolved-state')).not.toContainText('"100"');
  await page.screenshot({ path: path.join(shots, 'policy-preview-lines.png'), fullPage: true });
});
