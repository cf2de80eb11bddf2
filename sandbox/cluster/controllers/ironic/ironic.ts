// Simulated Ironic + baremetal-operator with the standalone networking service: BareMetalHosts
// walk registering → inspecting → available (→ provisioning → provisioned, and back through
// deprovisioning), inspection fills HardwareData with NICs and their LLDP switch ports, and every
// host's switch ports follow the provisioning phase. BareMetalSwitches get their `Valid`
// condition from their credentials Secret.
//
// Where the port state is published (upstream is still an open PR, BMO #3469/#3470):
// - `status.appliedNetworkAttachmentConfigs[]` {name, switchPortConfig, switchPort}, shaped like
//   the PR, is filled only while the host is deployed (tenant networks configured) and lists the
//   NICs that reference a HostNetworkAttachment; it is empty in every other phase.
// - the annotation `sandbox.switchboard.io/switch-port-phase` names the provider phase the ports
//   are on (idle, inspection, provisioning, cleaning, tenant), and
//   `sandbox.switchboard.io/switch-ports` holds a JSON array of every cabled NIC's current port
//   config ({interface, switchPort, switchPortConfig}). Annotations survive the BMH status schema
//   pruning, and the sandbox prefix marks them as simulation-only.
import type { Condition, K8sResource, Node } from '../../../../src/shared/model/k8s';
import type {
  BareMetalHost,
  BareMetalSwitch,
  HardwareData,
  HardwareNic,
  HostNetworkAttachment,
  SwitchPortConfig,
} from '../../../../src/shared/model/metal3';
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

export type PortPhase = 'idle' | 'inspection' | 'provisioning' | 'cleaning' | 'tenant';

/** Provider networks as IrSO's `networkingService.providerNetworks` would configure them. */
export const PROVIDER_NETWORKS: Record<Exclude<PortPhase, 'tenant'>, SwitchPortConfig> = {
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
};

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

function nextState(bmh: BareMetalHost): string | undefined {
  const state = bmh.status?.provisioning?.state ?? '';
  switch (state) {
    case '':
      return 'registering';
    case 'registering':
      return 'inspecting';
    case 'inspecting':
      return 'available';
    case 'available':
      return wantsProvisioning(bmh) ? 'provisioning' : undefined;
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
  };

  constructor(private readonly scheduler: Scheduler = realScheduler) {}

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
      api.watch(this.t.hna, (e) => {
        for (const b of api.list(this.t.bmh, { namespace: e.object.metadata?.namespace }))
          queue.add(keyOf('bmh', b));
      }),
    );
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
    const ref = bms.spec.credentials;
    const secretNs = ref?.namespace ?? namespace;
    let problem: string | undefined;
    if (ref?.name === undefined || ref.name === '') problem = 'no credentials secret is configured';
    else if (this.t.secret === undefined) problem = `secret ${secretNs}/${ref.name} not found`;
    else {
      const secret = this.api.get(this.t.secret, secretNs, ref.name);
      const data = { ...stringMap(secret?.['data']), ...stringMap(secret?.['stringData']) };
      const has = (k: string): boolean => typeof data[k] === 'string' && data[k] !== '';
      if (secret === undefined) problem = `secret ${secretNs}/${ref.name} not found`;
      else if (!has('username'))
        problem = `secret ${secretNs}/${ref.name} is missing the required key "username"`;
      else if (!has('password') && !has('ssh-privatekey')) {
        problem = `secret ${secretNs}/${ref.name} must contain either "password" or "ssh-privatekey"`;
      }
    }
    const next: Omit<Condition, 'lastTransitionTime'> =
      problem === undefined
        ? {
            type: 'Valid',
            status: 'True',
            reason: 'Reconciled',
            message: 'Switch configuration is valid',
          }
        : {
            type: 'Valid',
            status: 'False',
            reason: 'CredentialError',
            message: `failed to read switch credentials: ${problem}`,
          };
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
    return PHASE_OF_STATE[state] && PHASE_OF_STATE[state] !== 'idle'
      ? Math.max(ms, MIN_PHASE_MS)
      : ms;
  }

  private reconcileHost(key: string, namespace: string, name: string): void {
    const bmh = this.api.get(this.t.bmh, namespace, name) as BareMetalHost | undefined;
    if (bmh === undefined) {
      this.due.delete(key);
      return;
    }
    const state = bmh.status?.provisioning?.state ?? '';
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
    // A host that was inspected before the controller started (a seeded scenario) still needs
    // its HardwareData, as BMO recreates it from Ironic's stored inspection data.
    if (
      state !== '' &&
      state !== 'registering' &&
      state !== 'inspecting' &&
      this.hardwareNics(bmh).length === 0
    ) {
      this.writeHardwareData(bmh);
    }
    // Drift: an HNA or spec change while deployed updates the tenant config on the ports.
    this.writePorts(bmh, PHASE_OF_STATE[state] ?? 'idle');
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
            appliedNetworkAttachmentConfigs:
              state === 'provisioned' ? this.appliedConfigs(current) : [],
          },
        };
      },
      'status',
    );
    if (updated !== undefined) this.writePorts(updated, PHASE_OF_STATE[state] ?? 'idle');
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

  private hardwareNics(bmh: BareMetalHost): HardwareNic[] {
    const hd = this.api.get(this.t.hd, bmh.metadata.namespace, bmh.metadata.name) as
      HardwareData | undefined;
    return hd?.spec?.hardware?.nics ?? [];
  }

  private appliedConfigs(
    bmh: BareMetalHost,
  ): NonNullable<NonNullable<BareMetalHost['status']>['appliedNetworkAttachmentConfigs']> {
    return this.assignments(bmh, 'tenant')
      .filter((a) => a.fromAttachment)
      .map((a) => ({
        name: a.interface,
        switchPortConfig: a.switchPortConfig,
        switchPort: a.switchPort,
      }));
  }

  /** Every cabled NIC's port and the config it carries in `phase`. */
  private assignments(
    bmh: BareMetalHost,
    phase: PortPhase,
  ): (PortAssignment & { fromAttachment: boolean })[] {
    const out: (PortAssignment & { fromAttachment: boolean })[] = [];
    for (const nic of this.hardwareNics(bmh)) {
      const entry = bmh.spec?.networkInterfaces?.find(
        (n) =>
          (n.name !== undefined && n.name === nic.name) ||
          (n.macAddress !== undefined && n.macAddress.toLowerCase() === nic.mac?.toLowerCase()),
      );
      const override = entry?.switchPort;
      const switchPort =
        override !== undefined
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
      let config: SwitchPortConfig = PROVIDER_NETWORKS[phase === 'tenant' ? 'idle' : phase];
      let fromAttachment = false;
      const hnaRef = entry?.hostNetworkAttachment;
      if (phase === 'tenant' && hnaRef !== undefined) {
        const hna = this.api.get(
          this.t.hna,
          hnaRef.namespace ?? bmh.metadata.namespace,
          hnaRef.name,
        ) as HostNetworkAttachment | undefined;
        if (hna !== undefined) {
          config = {
            mode: hna.spec.mode,
            nativeVLAN: hna.spec.nativeVLAN,
            ...(hna.spec.allowedVLANs === undefined
              ? {}
              : { allowedVLANs: expandVlanList(hna.spec.allowedVLANs) }),
            ...(hna.spec.mtu === undefined ? {} : { mtu: hna.spec.mtu }),
          };
          fromAttachment = true;
        }
      }
      out.push({
        interface: entry?.name ?? nic.name ?? nic.mac ?? '',
        switchPort,
        switchPortConfig: config,
        fromAttachment,
      });
    }
    return out;
  }

  private writePorts(bmh: BareMetalHost, phase: PortPhase): void {
    const ports = JSON.stringify(
      this.assignments(bmh, phase).map(({ fromAttachment: _f, ...a }) => a),
    );
    const state = bmh.status?.provisioning?.state ?? '';
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
    if (state === 'provisioned') {
      const applied = this.appliedConfigs(bmh);
      writeWithRetry<BareMetalHost>(
        this.api,
        this.t.bmh,
        bmh.metadata.namespace,
        bmh.metadata.name,
        (current) => {
          if (
            JSON.stringify(current.status?.appliedNetworkAttachmentConfigs ?? []) ===
            JSON.stringify(applied)
          )
            return undefined;
          return {
            ...current,
            status: { ...(current.status ?? {}), appliedNetworkAttachmentConfigs: applied },
          };
        },
        'status',
      );
    }
  }
}
