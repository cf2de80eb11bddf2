// Nodes, which nearly every page reads, apart from core.ts's other kinds that few pages need.
import { model } from './model';

export const NodeGVK = { group: '', version: 'v1', kind: 'Node' } as const;

export const NodeModel = /* @__PURE__ */ model(NodeGVK, 'nodes', false, 'N', 'Node', 'Nodes');
