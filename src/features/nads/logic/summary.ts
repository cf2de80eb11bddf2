// List-page data: a one-line summary of a NAD's config (the pod side is podNetworks.ts).
import type { NetworkAttachmentDefinition } from '../../../shared/model/nad';
import type { NadSummary } from '../model/types';
import { int, objAt, str } from './collector';
import { parseCniConfig } from './parseCniConfig';
import { getPluginPools, getPlugins } from './pools';
import { OVN_TYPE } from './validatePlugins';

export function summarizeNad(nad: NetworkAttachmentDefinition): NadSummary {
  const out: NadSummary = { cniTypes: [], subnetsV4: [], subnetsV6: [] };
  const text = nad.spec?.config;
  if (typeof text !== 'string' || text.trim() === '') return { ...out, problem: 'configEmpty' };
  const parsed = parseCniConfig(text);
  if (!parsed.ok)
    return {
      ...out,
      problem: parsed.error.code === 'json.notObject' ? 'configNotObject' : 'configUnparsable',
    };
  const root = parsed.value;
  const plugins = getPlugins(root);
  out.cniTypes = plugins.map((p) => p.type);
  const name = str(root, 'name');
  if (name !== undefined) out.networkName = name;
  const first = plugins[0];
  if (!first) return out;
  out.primaryType = first.type;
  const ipamType = str(objAt(first.obj, 'ipam'), 'type');
  if (ipamType) out.ipamType = ipamType;
  const o = first.obj;
  if (first.type === OVN_TYPE) {
    const topology = str(o, 'topology');
    if (topology !== undefined) out.topology = topology;
    if (topology === 'localnet')
      out.physicalNetwork = str(o, 'physicalNetworkName') ?? name ?? nad.metadata.name;
  }
  const vlan = int(o, 'vlan') ?? int(o, 'vlanId') ?? int(o, 'vlanID');
  if (vlan !== undefined) out.vlan = vlan;
  const master = str(o, 'master') ?? str(o, 'device');
  if (master !== undefined) out.master = master;
  const bridge = str(o, 'bridge');
  if (bridge !== undefined) out.bridge = bridge;
  for (const pool of plugins.flatMap(getPluginPools)) {
    const list = pool.network.family === 4 ? out.subnetsV4 : out.subnetsV6;
    if (!list.includes(pool.text)) list.push(pool.text);
  }
  return out;
}
