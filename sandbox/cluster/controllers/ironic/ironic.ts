// Simulated Ironic + baremetal-operator with the standalone networking service: BareMetalHosts
// walk registering → inspecting → available (→ provisioning → provisioned, and back through
// deprovisioning), inspection fills HardwareData with NICs and their LLDP switch ports, and every
// host's switch ports follow the provisioning phase. BareMetalSwitches get their `Valid`
// condition from their credentials Secret.
//
// Port state follows the open BMO PRs #3469/#3470 (metal3-io/baremetal-operator head b927f9636;
// upstream is provisional, metal3-docs design/ironic-standalone-networking-service.md):
// - `status.appliedNetworkAttachmentConfigs[]` {name, switchPortConfig, switchPort?} is what BMO
//   wrote into Ironic's `port.extra.switchport`. It is rewritten only while the host is registering
//   or available (pkg/provisioner/provisioner.go `CanUpdateSwitchPortConfig`,
//   baremetalhost_controller.go registerHost) and kept unchanged through provisioning and
//   provisioned: Ironic applies it at deploy, and a change made to a deployed host waits for the
//   next pass through available (the proposal's non-goal "dynamic network reconfiguration after
//   node deployment"). `switchPort` is there only when the user overrode LLDP
//   (`provisioner.PortConfig.SwitchPortIdentifier`).
// - the `NetworkInterfacesValid` condition (baremetalhost_network.go) gates available →
//   provisioning (host_state_machine.go handleAvailable).
// - the provider networks come from the `Ironic` resource's `spec.networkingService`
//   (ironic-standalone-operator api/v1alpha1/ironic_types.go); without one the sandbox uses
//   DEFAULT_PROVIDER_NETWORKS.
// - the annotation `sandbox.switchboard.io/switch-port-phase` names the provider phase the ports
//   are on, and `sandbox.switchboard.io/switch-ports` holds a JSON array of every cabled NIC's
//   current port config ({interface, switchPort, switchPortConfig}): what the switch carries,
//   which upstream publishes nowhere. Annotations survive the BMH status schema pruning, and the
//   sandbox prefix marks them as simulation-only.
import type { Condition, K8sResource, Node } from '../../../../src/shared/model/k8s';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HardwareNic,
  HostNetworkAttachment,
  IronicResource,
  ProviderNetworkType,
  SwitchPortConfig,
} from '../../../../src/shared/model/metal3';
import { readProviderNetworks } from '../../../../src/features/switch-ports/logic/ironicNetworking';
import type { NodeNetworkState } from '../../../../src/shared/model/nmstate';
import type { ClusterApi, Controller, ResourceType } from '../../api';
import { ApiError } from '../../api';
import type { Scheduler, Speed } from '../runtime';
import {
  WorkQueue,
  createWithStatus,
  isoNow,
  jitter,
  logControllerError,
  realScheduler,
  stepMs,
  tryResourceType,
  writeWithRetry,
} from '../runtime';

export const PORT_PHASE_ANNOTATION = 'sandbox.switchboard.io/switch-port-phase';
export const PORT_CONFIG_ANNOTATION = 'sandbox.switchboard.io/switch-ports';
export const MACHINE_ANNOTATION = 'machine.openshift.io/machine';

export type PortPhase = ProviderNetworkType | 'tenant';

/**
 * Provider networks used when the cluster has no `Ironic` resource with the networking service
 * enabled (a sandbox default, not an upstream one: upstream has no defaults for these).
 */
export const DEFAULT_PROVIDER_NETWORKS: Partial<Record<ProviderNetworkType, SwitchPortConfig>> = {
  idle: { mode: 'access', nativeVLAN: 999 },
  inspection: { mode: 'access', nativeVLAN: 10 },
  provisioning: { mode: 'access', nativeVLAN: 10 },
  cleaning: { mode: 'access', nativeVLAN: 10, mtu: 1500 },
};

const PHASE_OF_STATE: Record<string, PortPhase> = {
  registering: 'idle',
  inspecting: 'inspection',
  available: 'idle',
  provisioning: 'provisioning',
  provisioned: 'tenant',
  deprovisioning: 'cleaning',
  // Adoption runs no deploy, so Ironic never flips the ports: they stay on the idle network
  // they were enrolled on (a guess: neither the proposal nor the PRs say what adoption does).
  'externally provisioned': 'idle',
};

/**
 * Provider phase of a host's ports. Deprovisioning with `automatedCleaningMode: disabled` runs
 * no cleaning, so the ports go straight back to idle (the proposal's author in metal3-docs#586:
 * with cleaning disabled the port returns to the idle VLAN "naturally").
 */
export function phaseOf(bmh: BareMetalHost): PortPhase {
  const state = bmh.status?.provisioning?.state ?? '';
  if (state === 'deprovisioning' && bmh.spec?.['automatedCleaningMode'] === 'disabled')
    return 'idle';
  return PHASE_OF_STATE[state] ?? 'idle';
}

/** The condition type and reasons of BMO PR #3470 (baremetalhost_network.go). */
export const NETWORK_INTERFACES_VALID = 'NetworkInterfacesValid';

type AppliedConfig = NonNullable<
  NonNullable<BareMetalHost['status']>['appliedNetworkAttachmentConfigs']
>[number];

/** Shortest time a state with a switch-port phase of its own lasts (see stepDelay). */
const MIN_PHASE_MS = 3000;

/** How many steps each state lasts: inspection and deployment are the slow ones. */
const STEP_WEIGHT: Record<string, number> = {
  '': 0,
  registering: 1,
  inspecting: 4,
  available: 1,
  provisioning: 4,
  deprovisioning: 3,
};

export interface PortAssignment {
  interface: string;
  switchPort: { switchID: string; portID: string; switchSystemName?: string };
  switchPortConfig: SwitchPortConfig;
}

/** "200-203" and "300" → [200, 201, 202, 203, 300]. */
export function expandVlanList(list: readonly string[] | undefined): number[] {
  const out: number[] = [];
  for (const item of list ?? []) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(item.trim());
    if (m?.[1] === undefined) continue;
    const start = Number(m[1]);
    const end = m[2] === undefined ? start : Number(m[2]);
    for (let v = start; v <= end && v <= 4094; v++) out.push(v);
  }
  return out;
}

function stringMap(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function wantsProvisioning(bmh: BareMetalHost): boolean {
  const image = bmh.spec?.image?.url;
  return (
    image !== undefined &&
    image !== '' &&
    (bmh.spec?.online === true || bmh.spec?.consumerRef !== undefined)
  );
}

/**
 * Provisioning waits for `NetworkInterfacesValid=True` when the host names network interfaces
 * (BMO PR #3470 host_state_machine.go handleAvailable: a missing or Unknown condition blocks
 * too), and for a port update Ironic accepted (a registration error keeps the host in available).
 */
function mayProvision(bmh: BareMetalHost): boolean {
  if (bmh.status?.['errorType'] === 'registration error') return false;
  if ((bmh.spec?.networkInterfaces ?? []).length === 0) return true;
  const cond = bmh.status?.conditions?.find((c) => c.type === NETWORK_INTERFACES_VALID);
  return cond?.status === 'True';
}

function nextState(bmh: BareMetalHost): string | undefined {
  const state = bmh.status?.provisioning?.state ?? '';
  switch (state) {
    case '':
      return 'registering';
    case 'registering':
      // BMO host_state_machine.go handleRegistering: adopted hosts skip inspection.
      return bmh.spec?.['externallyProvisioned'] === true ? 'externally provisioned' : 'inspecting';
    case 'inspecting':
      return 'available';
    case 'available':
      return wantsProvisioning(bmh) && mayProvision(bmh) ? 'provisioning' : undefined;
    case 'provisioning':
      return wantsProvisioning(bmh) ? 'provisioned' : 'deprovisioning';
    case 'provisioned':
      return bmh.spec?.image?.url === undefined || bmh.spec.image.url === ''
        ? 'deprovisioning'
        : undefined;
    case 'deprovisioning':
      return 'available';
    default:
      return undefined;
  }
}

function hex2(n: number): string {
  return (n & 0xff).toString(16).padStart(2, '0');
}

function lldpOf(nns: NodeNetworkState, ifaceName: string): Pick<HardwareNic, 'lldp' | 'vlans'> {
  const iface = nns.status?.currentState?.interfaces?.find(
    (i) => i.name === ifaceName && i.type === 'ethernet',
  );
  const tlvs = iface?.lldp?.neighbors?.[0];
  if (tlvs === undefined) return {};
  const chassis = tlvs.find((t) => t.type === 1)?.['chassis-id'];
  const port = tlvs.find((t) => t.type === 2)?.['port-id'];
  const systemName = tlvs.find((t) => t.type === 5)?.['system-name'];
  const vlans = tlvs.find((t) => t.type === 127 && t.subtype === 3)?.['ieee-802-1-vlans'];
  if (chassis === undefined || port === undefined) return {};
  return {
    lldp: {
      switchID: chassis.toLowerCase(),
      portID: port,
      ...(systemName === undefined
        ? {}
        : { switchSystemName: systemName.split('.')[0] ?? systemName }),
    },
    ...(vlans === undefined
      ? {}
      : {
          vlans: vlans.map((v) => ({
            id: v.vid,
            ...(v.name === undefined ? {} : { name: v.name }),
          })),
        }),
  };
}

export class IronicNetworking implements Controller {
  readonly name = 'ironic-networking';
  private api!: ClusterApi;
  private speed: Speed = 'realtime';
  private queue?: WorkQueue;
  private readonly due = new Map<string, number>();
  private unsubscribe: (() => void)[] = [];
  private t!: {
    bmh: ResourceType;
    hd: ResourceType;
    bms: ResourceType;
    hna: ResourceType;
    node: ResourceType;
    nns: ResourceType;
    secret?: ResourceType;
    ironic?: ResourceType;
  };

  /**
   * @param allowedHnaNamespaces BMO's watch namespaces, to which PR #3470 limits HNA references;
   *   empty means BMO watches (and allows) every namespace.
   */
  constructor(
    private readonly scheduler: Scheduler = realScheduler,
    private readonly allowedHnaNamespaces: readonly string[] = [],
  ) {}

  start(api: ClusterApi, options: { speed: Speed }): void {
    this.api = api;
    this.speed = options.speed;
    this.t = {
      bmh: api.resourceType('metal3.io', 'BareMetalHost'),
      hd: api.resourceType('metal3.io', 'HardwareData'),
      bms: api.resourceType('metal3.io', 'BareMetalSwitch'),
      hna: api.resourceType('metal3.io', 'HostNetworkAttachment'),
      node: api.resourceType('', 'Node'),
      nns: api.resourceType('nmstate.io', 'NodeNetworkState'),
      secret: tryResourceType(api, '', 'Secret'),
      ironic: tryResourceType(api, 'ironic.metal3.io', 'Ironic'),
    };
    const queue = new WorkQueue(
      this.scheduler,
      (key) => this.reconcile(key),
      (key, e) => logControllerError(this.name, key, e),
    );
    this.queue = queue;
    const keyOf = (kind: string, o: K8sResource): string =>
      `${kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
    this.unsubscribe.push(
      api.watch(this.t.bmh, (e) => {
        if (e.type !== 'DELETED') queue.add(keyOf('bmh', e.object));
      }),
      api.watch(this.t.bms, (e) => {
        if (e.type !== 'DELETED') queue.add(keyOf('bms', e.object));
      }),
      // A cross-namespace reference is allowed, so an HNA event requeues every host.
      api.watch(this.t.hna, () => {
        for (const b of api.list(this.t.bmh)) queue.add(keyOf('bmh', b));
      }),
    );
    const ironicT = this.t.ironic;
    if (ironicT !== undefined) {
      this.unsubscribe.push(
        api.watch(ironicT, () => {
          for (const b of api.list(this.t.bmh)) queue.add(keyOf('bmh', b));
        }),
      );
    }
    const secret = this.t.secret;
    if (secret !== undefined) {
      this.unsubscribe.push(
        api.watch(secret, (e) => {
          for (const s of api.list(this.t.bms, { namespace: e.object.metadata?.namespace }))
            queue.add(keyOf('bms', s));
        }),
      );
    }
    for (const b of api.list(this.t.bmh)) queue.add(keyOf('bmh', b));
    for (const s of api.list(this.t.bms)) queue.add(keyOf('bms', s));
  }

  stop(): void {
    this.queue?.stop();
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
  }

  private reconcile(key: string): void {
    const [kind, namespace = '', name = ''] = key.split('/');
    if (kind === 'bms') this.reconcileSwitch(namespace, name);
    else this.reconcileHost(key, namespace, name);
  }

  private reconcileSwitch(namespace: string, name: string): void {
    const bms = this.api.get(this.t.bms, namespace, name) as BareMetalSwitch | undefined;
    if (bms === undefined) return;
    // BMO main internal/controller/metal3.io/baremetalswitch_config.go writeSwitchEntry: the same
    // checks and messages (keys need only be present), and baremetalswitch_controller.go's
    // Valid condition with reasons CredentialError / Reconciled.
    const ref = bms.spec.credentials;
    const secretNs = ref?.namespace || namespace;
    let problem: string | undefined;
    if (ref === undefined) problem = 'credentials secret reference is not set';
    else {
      const secret =
        this.t.secret === undefined ? undefined : this.api.get(this.t.secret, secretNs, ref.name);
      const data = { ...stringMap(secret?.['data']), ...stringMap(secret?.['stringData']) };
      const has = (k: string): boolean => typeof data[k] === 'string';
      if (secret === undefined) problem = `credentials secret ${secretNs}/${ref.name} not found`;
      else if (!has('username')) problem = `credentials secret ${ref.name} missing 'username' key`;
      else if (!has('password') && !has('ssh-privatekey'))
        problem = `credentials secret ${ref.name} missing 'password' or 'ssh-privatekey' key`;
    }
    const next: Omit<Condition, 'lastTransitionTime'> =
      problem === undefined
        ? {
            type: 'Valid',
            status: 'True',
            reason: 'Reconciled',
            message: 'Switch configuration has been successfully reconciled into the config secret',
          }
        : { type: 'Valid', status: 'False', reason: 'CredentialError', message: problem };
    const now = isoNow(this.api);
    writeWithRetry<BareMetalSwitch>(
      this.api,
      this.t.bms,
      namespace,
      name,
      (current) => {
        const old = current.status?.conditions?.find((c) => c.type === 'Valid');
        const generation = current.metadata.generation ?? 1;
        if (
          old?.status === next.status &&
          old.reason === next.reason &&
          old.message === next.message &&
          old.observedGeneration === generation
        ) {
          return undefined;
        }
        const condition: Condition = {
          ...next,
          observedGeneration: generation,
          lastTransitionTime:
            old?.status === next.status && old.lastTransitionTime !== undefined
              ? old.lastTransitionTime
              : now,
        };
        const others = (current.status?.conditions ?? []).filter((c) => c.type !== 'Valid');
        return {
          ...current,
          status: { ...(current.status ?? {}), conditions: [...others, condition] },
        };
      },
      'status',
    );
  }

  private stepDelay(key: string, state: string): number {
    const weight = STEP_WEIGHT[state] ?? 1;
    const extra = this.speed === 'realtime' ? 2 : 1;
    const ms = stepMs(this.speed, `${key}/${state}`) * weight * extra;
    // A state with its own switch-port phase lasts a while even at test speed: the console
    // applies watch events in 500 ms batches, and a state shorter than a batch plus any pause of
    // the browser's main thread or of this process (the end-to-end tests run the sandbox inside
    // the Playwright worker, so its GC and test code delay our writes' watch events) can fall
    // inside one batch and never be shown. One second was not enough on a loaded 2-core CI
    // machine: the port-phase test saw registering and provisioning but not inspecting.
    return PHASE_OF_STATE[state] !== undefined && PHASE_OF_STATE[state] !== 'idle'
      ? Math.max(ms, MIN_PHASE_MS)
      : ms;
  }

  private reconcileHost(key: string, namespace: string, name: string): void {
    const found = this.api.get(this.t.bmh, namespace, name) as BareMetalHost | undefined;
    if (found === undefined) {
      this.due.delete(key);
      return;
    }
    const state = found.status?.provisioning?.state ?? '';
    // A host that was inspected before the controller started (a seeded scenario) still needs
    // its HardwareData, as BMO recreates it from Ironic's stored inspection data.
    if (
      state !== '' &&
      state !== 'registering' &&
      state !== 'inspecting' &&
      state !== 'externally provisioned' &&
      this.hardwareNics(found).length === 0
    ) {
      this.writeHardwareData(found);
    }
    const bmh = state === '' ? found : this.syncNetwork(found);
    const next = nextState(bmh);
    if (next !== undefined) {
      const now = this.api.now().getTime();
      const due = this.due.get(key) ?? now + this.stepDelay(key, state);
      if (now < due) {
        this.due.set(key, due);
        this.queue?.addAfter(key, due - now);
      } else {
        this.due.delete(key);
        if (next === 'available' && state === 'inspecting') this.writeHardwareData(bmh);
        this.writeHostState(bmh, next);
        return;
      }
    } else {
      this.due.delete(key);
    }
    // The ports follow the phase; a deployed host's tenant ports come from the applied configs,
    // which only change in registering or available, so an edit never reaches a deployed host.
    this.writePorts(bmh, phaseOf(bmh));
  }

  /**
   * What BMO's registerHost does for networking (PR #3470 baremetalhost_controller.go): sets
   * `NetworkInterfacesValid`, and while the host is registering or available writes the resolved
   * configs into Ironic's ports and records them as `appliedNetworkAttachmentConfigs`. A failed
   * validation keeps the previous applied configs; removing every interface clears them.
   */
  private syncNetwork(bmh: BareMetalHost): BareMetalHost {
    const interfaces = bmh.spec?.networkInterfaces ?? [];
    const condition = interfaces.length === 0 ? undefined : this.validateInterfaces(bmh);
    const state = bmh.status?.provisioning?.state ?? '';
    const canWrite = state === 'registering' || state === 'available';
    let applied: AppliedConfig[] | undefined | 'keep' = 'keep';
    let portError: string | undefined;
    if (canWrite && (condition === undefined || condition.status === 'True')) {
      const resolved = this.resolvePortConfigs(bmh);
      portError = ironicPortError(resolved);
      if (portError === undefined) applied = resolved.length === 0 ? undefined : resolved;
    }
    const now = isoNow(this.api);
    return (
      writeWithRetry<BareMetalHost>(
        this.api,
        this.t.bmh,
        bmh.metadata.namespace,
        bmh.metadata.name,
        (current) => {
          const status = { ...(current.status ?? {}) };
          let changed = false;
          const conditions = status.conditions ?? [];
          const old = conditions.find((c) => c.type === NETWORK_INTERFACES_VALID);
          if (condition === undefined && old !== undefined) {
            status.conditions = conditions.filter((c) => c.type !== NETWORK_INTERFACES_VALID);
            changed = true;
          } else if (
            condition !== undefined &&
            (old?.status !== condition.status ||
              old.reason !== condition.reason ||
              old.message !== condition.message)
          ) {
            status.conditions = [
              ...conditions.filter((c) => c.type !== NETWORK_INTERFACES_VALID),
              {
                ...condition,
                lastTransitionTime:
                  old?.status === condition.status && old.lastTransitionTime !== undefined
                    ? old.lastTransitionTime
                    : now,
              },
            ];
            changed = true;
          }
          if (
            applied !== 'keep' &&
            JSON.stringify(status.appliedNetworkAttachmentConfigs ?? null) !==
              JSON.stringify(applied ?? null)
          ) {
            if (applied === undefined) delete status.appliedNetworkAttachmentConfigs;
            else status.appliedNetworkAttachmentConfigs = applied;
            changed = true;
          }
          const ownError =
            status['errorType'] === 'registration error' &&
            typeof status.errorMessage === 'string' &&
            status.errorMessage.startsWith(PORT_ERROR_PREFIX);
          if (portError !== undefined && status.errorMessage !== portError) {
            Object.assign(status, {
              errorType: 'registration error',
              errorMessage: portError,
              operationalStatus: 'error',
              errorCount: (typeof status['errorCount'] === 'number' ? status['errorCount'] : 0) + 1,
            });
            changed = true;
          } else if (portError === undefined && canWrite && ownError) {
            delete status['errorType'];
            Object.assign(status, { errorMessage: '', operationalStatus: 'OK', errorCount: 0 });
            changed = true;
          }
          return changed ? { ...current, status } : undefined;
        },
        'status',
      ) ?? bmh
    );
  }

  /** BMO PR #3470 baremetalhost_network.go performNetworkInterfaceValidation, same messages. */
  private validateInterfaces(bmh: BareMetalHost): Omit<Condition, 'lastTransitionTime'> {
    const generation = bmh.metadata.generation ?? 1;
    const make = (
      status: 'True' | 'False',
      reason: string,
      message: string,
    ): Omit<Condition, 'lastTransitionTime'> => ({
      type: NETWORK_INTERFACES_VALID,
      status,
      reason,
      message,
      observedGeneration: generation,
    });
    const nics = this.hasHardwareData(bmh) ? this.hardwareNics(bmh) : undefined;
    if (nics === undefined) {
      return make(
        'False',
        'HardwareInspectionIncomplete',
        'Waiting for hardware inspection to complete before validating network interfaces',
      );
    }
    const known = new Set<string>();
    for (const nic of nics) {
      if (nic.name) known.add(nic.name);
      if (nic.mac) known.add(nic.mac.toLowerCase());
    }
    const invalid: string[] = [];
    const missing: string[] = [];
    const denied: string[] = [];
    for (const ni of bmh.spec?.networkInterfaces ?? []) {
      const key = interfaceKey(ni);
      if (!known.has(key)) invalid.push(key);
      const ref = ni.hostNetworkAttachment;
      if (ref?.name === undefined || ref.name === '') continue;
      const ns = ref.namespace || bmh.metadata.namespace;
      const label = `${ns}/${ref.name} (interface ${key})`;
      if (!this.namespaceAllowed(ns)) {
        denied.push(label);
        continue;
      }
      if (this.api.get(this.t.hna, ns, ref.name) === undefined) missing.push(label);
    }
    if (invalid.length > 0) {
      const names = nics
        .map((n) => n.name ?? '')
        .filter((n) => n !== '')
        .sort();
      return make(
        'False',
        'InvalidInterfaceNames',
        names.length === 0
          ? `Invalid interface names: ${invalid.join(', ')}. No such network interfaces.`
          : `Invalid interface names: ${invalid.join(', ')}. Available interfaces: ${names.join(', ')}`,
      );
    }
    if (denied.length > 0) {
      return make(
        'False',
        'AttachmentNamespaceDenied',
        `HostNetworkAttachment namespace not allowed: ${denied.join(', ')}`,
      );
    }
    if (missing.length > 0) {
      return make(
        'False',
        'AttachmentNotFound',
        `HostNetworkAttachment not found: ${missing.join(', ')}`,
      );
    }
    return make('True', 'AllInterfacesValid', 'All network interfaces and attachments are valid');
  }

  /**
   * BMO PR #3470 main.go: HNA references are limited to the namespaces BMO watches
   * (WATCH_NAMESPACE); watching every namespace allows every namespace.
   */
  private namespaceAllowed(namespace: string): boolean {
    return this.allowedHnaNamespaces.length === 0 || this.allowedHnaNamespaces.includes(namespace);
  }

  /**
   * BMO PR #3470 resolvePortConfigs + buildAppliedNetworkAttachmentConfigs: one entry per
   * interface whose attachment resolves (allowed namespace, found), named after the inspected NIC
   * (or its MAC), sorted by name; `switchPort` only from a user override.
   */
  private resolvePortConfigs(bmh: BareMetalHost): AppliedConfig[] {
    const nics = this.hardwareNics(bmh);
    const byMac = new Map<string, AppliedConfig>();
    for (const ni of bmh.spec?.networkInterfaces ?? []) {
      const mac =
        ni.macAddress !== undefined && ni.macAddress !== ''
          ? ni.macAddress.toLowerCase()
          : nics.find((n) => n.name === ni.name)?.mac?.toLowerCase();
      const ref = ni.hostNetworkAttachment;
      if (mac === undefined || ref?.name === undefined || ref.name === '') continue;
      const ns = ref.namespace || bmh.metadata.namespace;
      if (!this.namespaceAllowed(ns)) continue;
      const hna = this.api.get(this.t.hna, ns, ref.name) as HostNetworkAttachment | undefined;
      if (hna === undefined) continue;
      const allowed = expandVlanList(hna.spec.allowedVLANs).sort((a, b) => a - b);
      const entry: AppliedConfig = {
        name: nics.find((n) => n.mac?.toLowerCase() === mac)?.name ?? mac,
        switchPortConfig: {
          mode: hna.spec.mode,
          nativeVLAN: hna.spec.nativeVLAN,
          ...(allowed.length === 0 ? {} : { allowedVLANs: allowed }),
          ...(hna.spec.mtu === undefined ? {} : { mtu: hna.spec.mtu }),
        },
        ...(ni.switchPort === undefined
          ? {}
          : { switchPort: { switchID: ni.switchPort.switchID, portID: ni.switchPort.portID } }),
      };
      byMac.set(mac, entry);
    }
    return [...byMac.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  }

  /** The provider network of a phase, from the cluster's Ironic resource when it has one. */
  providerNetwork(phase: ProviderNetworkType): SwitchPortConfig {
    const configured = this.configuredProviderNetworks();
    const table = configured ?? DEFAULT_PROVIDER_NETWORKS;
    // A phase the Ironic resource leaves out falls back to idle, the VLAN Ironic returns a port
    // to "whenever no specific VLAN is required" (Ironic standalone networking docs); what Ironic
    // does for a missing provider network is not documented (a guess).
    return table[phase] ?? table.idle ?? { mode: 'access', nativeVLAN: 1 };
  }

  /** The same reading of the Ironic resource as the page's (switch-ports ironicNetworking.ts). */
  private configuredProviderNetworks():
    Partial<Record<ProviderNetworkType, SwitchPortConfig>> | undefined {
    if (this.t.ironic === undefined) return undefined;
    const read = readProviderNetworks(this.api.list(this.t.ironic) as IronicResource[]);
    return read.source === undefined ? undefined : read.networks;
  }

  private writeHostState(bmh: BareMetalHost, state: string): void {
    const poweredOn =
      state === 'provisioning' ||
      state === 'provisioned' ||
      state === 'inspecting' ||
      state === 'deprovisioning';
    const updated = writeWithRetry<BareMetalHost>(
      this.api,
      this.t.bmh,
      bmh.metadata.namespace,
      bmh.metadata.name,
      (current) => {
        const status = current.status ?? {};
        const id =
          status.provisioning?.ID ??
          `${hex2(Math.floor(jitter(current.metadata.name) * 256))}5e8a41-7c0b-4d2e-9f3a-${current.metadata.uid?.slice(-12) ?? '000000000000'}`;
        const provisioning: NonNullable<NonNullable<BareMetalHost['status']>['provisioning']> = {
          ...(status.provisioning ?? {}),
          state,
          ID: id,
        };
        if (state === 'provisioned' && current.spec?.image !== undefined)
          provisioning['image'] = current.spec.image;
        if (state === 'available') delete provisioning['image'];
        return {
          ...current,
          status: {
            ...status,
            errorCount: 0,
            errorMessage: '',
            operationalStatus: 'OK',
            poweredOn,
            provisioningFailCount: 0,
            lastUpdated: isoNow(this.api),
            provisioning,
          },
        };
      },
      'status',
    );
    if (updated !== undefined) this.writePorts(updated, phaseOf(updated));
  }

  private correlatedNns(bmh: BareMetalHost): NodeNetworkState | undefined {
    const ref = bmh.spec?.consumerRef;
    if (ref?.name === undefined) return undefined;
    const machine = `${ref.namespace ?? bmh.metadata.namespace}/${ref.name}`;
    const node = (this.api.list(this.t.node) as Node[]).find(
      (n) =>
        n.metadata.annotations?.[MACHINE_ANNOTATION] === machine || n.metadata.name === ref.name,
    );
    if (node === undefined) return undefined;
    return this.api.get(this.t.nns, undefined, node.metadata.name) as NodeNetworkState | undefined;
  }

  /** What inspection finds: the correlated node's NICs, or NICs derived from the BMH itself. */
  inspectNics(bmh: BareMetalHost): HardwareNic[] {
    const boot = bmh.spec?.bootMACAddress?.toLowerCase();
    const nns = this.correlatedNns(bmh);
    if (nns !== undefined) {
      return (nns.status?.currentState?.interfaces ?? [])
        .filter(
          (i) =>
            i.type === 'ethernet' &&
            i.ethernet !== undefined &&
            i['mac-address'] !== undefined &&
            !i.name.startsWith('genev'),
        )
        .map((i, index) => {
          const mac = (i['mac-address'] ?? '').toLowerCase();
          const speed =
            typeof i.ethernet?.speed === 'number' ? Math.round(i.ethernet.speed / 1000) : 0;
          return {
            name: i.name,
            mac,
            model: i.name.startsWith('ens') ? '0x8086 0x159b' : '0x14e4 0x16d7',
            speedGbps: speed,
            pxe: mac === boot,
            vlanId: 0,
            pciAddress: `0000:${hex2(0x19 + index * 0x10)}:00.${i.name.endsWith('1') ? 1 : 0}`,
            ...lldpOf(nns, i.name),
          };
        });
    }
    const switches = (
      this.api.list(this.t.bms, { namespace: bmh.metadata.namespace }) as BareMetalSwitch[]
    ).sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    const base = (boot ?? '52:54:00:00:00:10').split(':').map((h) => parseInt(h, 16));
    const macAt = (offset: number): string =>
      base.map((b, i) => hex2(i === 5 ? b + offset : b)).join(':');
    const names = ['eno1', 'eno2', 'ens2f0', 'ens2f1'];
    const portBase = 40 + Math.floor(jitter(bmh.metadata.name) * 8);
    return names.map((nicName, i) => {
      const override = bmh.spec?.networkInterfaces?.find((n) => n.name === nicName)?.switchPort;
      const sw = switches.length === 0 ? undefined : switches[i % switches.length];
      const portNumber = portBase + i;
      const lldp =
        override !== undefined
          ? { switchID: override.switchID.toLowerCase(), portID: override.portID }
          : sw === undefined
            ? undefined
            : {
                switchID: sw.spec.macAddress.toLowerCase(),
                portID: sw.spec.deviceType.includes('juniper')
                  ? `xe-0/0/${portNumber}`
                  : `Ethernet1/${portNumber}`,
                switchSystemName: sw.metadata.name,
              };
      return {
        name: nicName,
        mac: macAt(i),
        model: '0x8086 0x159b',
        speedGbps: 25,
        pxe: i === 0,
        vlanId: 0,
        pciAddress: `0000:${hex2(0x19 + i * 0x10)}:00.0`,
        ...(lldp === undefined ? {} : { lldp }),
      };
    });
  }

  private writeHardwareData(bmh: BareMetalHost): void {
    const nics = this.inspectNics(bmh);
    const nns = this.correlatedNns(bmh);
    const hardware = {
      hostname: nns?.metadata.name ?? bmh.metadata.name,
      systemVendor: {
        manufacturer: 'Dell Inc.',
        productName: 'PowerEdge R650',
        serialNumber: `SN${bmh.metadata.name.length}${hex2(Math.floor(jitter(bmh.metadata.name) * 256)).toUpperCase()}7Q3`,
      },
      firmware: { bios: { date: '11/14/2025', vendor: 'Dell Inc.', version: '1.16.2' } },
      ramMebibytes: 262144,
      cpu: {
        arch: 'x86_64',
        model: 'Intel(R) Xeon(R) Gold 6338N CPU @ 2.20GHz',
        clockMegahertz: 2200,
        count: 64,
        flags: ['avx512f', 'vmx'],
      },
      nics,
      storage: [{ name: '/dev/sda', rotational: false, sizeBytes: 480103981056, type: 'SSD' }],
    };
    const existing = this.api.get(this.t.hd, bmh.metadata.namespace, bmh.metadata.name) as
      HardwareData | undefined;
    if (existing === undefined) {
      try {
        createWithStatus<HardwareData>(this.api, this.t.hd, {
          apiVersion: 'metal3.io/v1alpha1',
          kind: 'HardwareData',
          metadata: {
            name: bmh.metadata.name,
            namespace: bmh.metadata.namespace,
            ownerReferences: [
              {
                apiVersion: 'metal3.io/v1alpha1',
                kind: 'BareMetalHost',
                name: bmh.metadata.name,
                uid: bmh.metadata.uid ?? '',
              },
            ],
          },
          spec: { hardware },
        });
      } catch (e) {
        if (!(e instanceof ApiError && e.code === 409)) throw e;
      }
      return;
    }
    writeWithRetry<HardwareData>(
      this.api,
      this.t.hd,
      bmh.metadata.namespace,
      bmh.metadata.name,
      (hd) => ({ ...hd, spec: { hardware } }),
    );
  }

  private hasHardwareData(bmh: BareMetalHost): boolean {
    return this.api.get(this.t.hd, bmh.metadata.namespace, bmh.metadata.name) !== undefined;
  }

  private hardwareNics(bmh: BareMetalHost): HardwareNic[] {
    const hd = this.api.get(this.t.hd, bmh.metadata.namespace, bmh.metadata.name) as
      HardwareData | undefined;
    return hd?.spec?.hardware?.nics ?? [];
  }

  /** Every cabled NIC's port and the config it carries in `phase`. */
  private assignments(bmh: BareMetalHost, phase: PortPhase): PortAssignment[] {
    const out: PortAssignment[] = [];
    const applied = bmh.status?.appliedNetworkAttachmentConfigs ?? [];
    for (const nic of this.hardwareNics(bmh)) {
      const entry = bmh.spec?.networkInterfaces?.find(
        (n) =>
          (n.name !== undefined && n.name === nic.name) ||
          (n.macAddress !== undefined && n.macAddress.toLowerCase() === nic.mac?.toLowerCase()),
      );
      const written = applied.find(
        (a) => a.name === nic.name || (a.name !== undefined && a.name === nic.mac?.toLowerCase()),
      );
      // At deploy Ironic uses the port's own local_link_connection: the override BMO wrote with
      // the config, else LLDP (PR #3469 ironic_networking.go buildLocalLinkFromNIC).
      const override = phase === 'tenant' ? written?.switchPort : entry?.switchPort;
      const switchPort =
        override?.switchID !== undefined && override.portID !== undefined
          ? { switchID: override.switchID.toLowerCase(), portID: override.portID }
          : nic.lldp?.switchID !== undefined && nic.lldp.portID !== undefined
            ? {
                switchID: nic.lldp.switchID,
                portID: nic.lldp.portID,
                ...(nic.lldp.switchSystemName === undefined
                  ? {}
                  : { switchSystemName: nic.lldp.switchSystemName }),
              }
            : undefined;
      if (switchPort === undefined) continue;
      // In the tenant phase a port carries what BMO wrote into its extra.switchport before the
      // deploy; a port BMO wrote nothing to stays on idle (a guess: upstream does not say).
      const config: SwitchPortConfig =
        phase === 'tenant'
          ? (written?.switchPortConfig ?? this.providerNetwork('idle'))
          : this.providerNetwork(phase);
      out.push({
        interface: entry?.name ?? nic.name ?? nic.mac ?? '',
        switchPort,
        switchPortConfig: config,
      });
    }
    return out;
  }

  private writePorts(bmh: BareMetalHost, phase: PortPhase): void {
    const ports = JSON.stringify(this.assignments(bmh, phase));
    writeWithRetry<BareMetalHost>(
      this.api,
      this.t.bmh,
      bmh.metadata.namespace,
      bmh.metadata.name,
      (current) => {
        const annotations = current.metadata.annotations ?? {};
        if (
          annotations[PORT_PHASE_ANNOTATION] === phase &&
          annotations[PORT_CONFIG_ANNOTATION] === ports
        )
          return undefined;
        return {
          ...current,
          metadata: {
            ...current.metadata,
            annotations: {
              ...annotations,
              [PORT_PHASE_ANNOTATION]: phase,
              [PORT_CONFIG_ANNOTATION]: ports,
            },
          },
        };
      },
    );
  }
}

/** BMO `NetworkInterface.GetKey`: the lower-cased MAC when given, else the name. */
function interfaceKey(ni: { name?: string; macAddress?: string }): string {
  return ni.macAddress !== undefined && ni.macAddress !== ''
    ? ni.macAddress.toLowerCase()
    : (ni.name ?? '');
}

const PORT_ERROR_PREFIX = 'failed to update Ironic port ';

/**
 * Ironic's ironic_networking network interface requires `allowed_vlans` for trunk and hybrid
 * ports (docs.openstack.org/ironic/latest, "Configure the Standalone Networking Service" and the
 * `ironic.drivers.modules.network.ironic_networking` reference); the BMO webhook accepts such an
 * attachment and BMO omits an empty list (PR #3469 ironic_networking.go
 * buildSwitchPortFromConfig), so Ironic refuses the port and BMO records a registration error.
 * The wording of Ironic's refusal is not documented; this one borrows IrSO's wording for the same
 * rule on provider networks (pkg/ironic/validation.go "allowedVLANs required for %s mode").
 */
function ironicPortError(configs: readonly AppliedConfig[]): string | undefined {
  const bad = configs.find(
    (c) =>
      (c.switchPortConfig?.mode === 'trunk' || c.switchPortConfig?.mode === 'hybrid') &&
      (c.switchPortConfig.allowedVLANs ?? []).length === 0,
  );
  if (bad === undefined) return undefined;
  return `${PORT_ERROR_PREFIX}${bad.name ?? ''}: allowed_vlans required for ${bad.switchPortConfig?.mode ?? ''} mode`;
}
