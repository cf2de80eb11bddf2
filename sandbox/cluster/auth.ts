// Personas stand in for RBAC: a small table of rules per user name. The request chooses its
// persona (header, impersonation header, or for WebSockets a query parameter or subprotocol).
import type { IncomingMessage } from 'node:http';

export interface Rule {
  verbs: string[];
  /** API groups; '' is the core group, '*' any. */
  groups: string[];
  /** Resources, optionally `plural/subresource`; '*' any. */
  resources: string[];
  /** Restricts the rule to these namespaces (namespaced resources only). Absent = everywhere. */
  namespaces?: string[];
  /** Resources a `'*'` rule still does not cover. */
  except?: string[];
}

export interface Persona {
  name: string;
  groups: string[];
  rules: Rule[];
}

const READ = ['get', 'list', 'watch'];
/**
 * The built-in `view` role reads everything but Secrets (and RBAC objects): reading a Secret
 * would escalate to whatever its token may do (kubernetes/kubernetes
 * plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go, the "view" ClusterRole). The
 * read-only personas follow it, so the UI is tested against that 403.
 */
const VIEW_EXCEPT = ['secrets', 'roles', 'rolebindings', 'clusterroles', 'clusterrolebindings'];
const WRITE = ['create', 'update', 'patch', 'delete', 'deletecollection'];

export const PERSONAS: Record<string, Persona> = {
  admin: {
    name: 'admin',
    groups: ['system:masters', 'system:authenticated'],
    rules: [{ verbs: ['*'], groups: ['*'], resources: ['*'] }],
  },
  viewer: {
    name: 'viewer',
    groups: ['system:authenticated'],
    rules: [{ verbs: READ, groups: ['*'], resources: ['*'], except: VIEW_EXCEPT }],
  },
  // A network team member who may read the network objects but not workloads or bare metal:
  // pages must degrade only the parts that need pods or Metal3 (403 on those kinds).
  'network-viewer': {
    name: 'network-viewer',
    groups: ['system:authenticated'],
    rules: [
      {
        verbs: READ,
        groups: ['nmstate.io', 'k8s.cni.cncf.io', 'config.openshift.io', 'operator.openshift.io'],
        resources: ['*'],
      },
      { verbs: READ, groups: [''], resources: ['nodes', 'namespaces', 'events'] },
      { verbs: READ, groups: ['apps'], resources: ['controllerrevisions'] },
    ],
  },
  'nad-editor': {
    name: 'nad-editor',
    groups: ['system:authenticated'],
    rules: [
      { verbs: READ, groups: ['*'], resources: ['*'], except: VIEW_EXCEPT },
      {
        verbs: [...READ, ...WRITE],
        groups: ['k8s.cni.cncf.io'],
        resources: ['network-attachment-definitions'],
        namespaces: ['default'],
      },
    ],
  },
};

export const DEFAULT_PERSONA = 'admin';

/** The persona of that name; own properties only, so "constructor" finds none of Object's. */
export function personaNamed(name: string): Persona | undefined {
  return Object.prototype.hasOwnProperty.call(PERSONAS, name) ? PERSONAS[name] : undefined;
}
export const PERSONA_HEADER = 'x-switchboard-persona';
export const PERSONA_SUBPROTOCOL_PREFIX = 'switchboard.persona.';

export interface Attributes {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

/**
 * Every authenticated user may review its own access and ask who it is, as upstream's
 * basic-user role grants.
 */
const BASIC_USER_RULES: Rule[] = [
  {
    verbs: ['create'],
    groups: ['authorization.k8s.io'],
    resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'],
  },
  { verbs: ['create'], groups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'] },
];

function alwaysAllowed(attrs: Attributes): boolean {
  return BASIC_USER_RULES.some(
    (r) =>
      r.verbs.includes(attrs.verb) &&
      r.groups.includes(attrs.group) &&
      r.resources.includes(attrs.resource),
  );
}

/** A rule of a SelfSubjectRulesReview's status (authorization/v1 ResourceRule). */
export interface ResourceRule {
  verbs: string[];
  apiGroups: string[];
  resources: string[];
}

/**
 * What `kubectl auth can-i --list` shows: the persona's rules that apply in `namespace`, as
 * kube-apiserver's RBAC rule resolver lists them for a SelfSubjectRulesReview
 * (pkg/registry/authorization/selfsubjectrulesreview/rest.go: RulesFor(user, namespace), the
 * cluster-wide rules and those of the namespace). RBAC has no "every resource but these": the
 * built-in `view` role names its resources one by one, so a persona rule with `except` is
 * listed the same way, one rule per API group over the resources the server serves
 * (`servedResources`, group → plurals).
 */
export function rulesFor(
  personaName: string,
  namespace: string,
  servedResources: ReadonlyMap<string, readonly string[]>,
): ResourceRule[] {
  const persona = personaNamed(personaName);
  const out: ResourceRule[] = [];
  for (const r of [...BASIC_USER_RULES, ...(persona?.rules ?? [])]) {
    if (r.namespaces !== undefined && !r.namespaces.includes(namespace)) continue;
    if (r.except === undefined) {
      out.push({ verbs: [...r.verbs], apiGroups: [...r.groups], resources: [...r.resources] });
      continue;
    }
    const except = r.except;
    const groups = r.groups.includes('*') ? [...servedResources.keys()] : r.groups;
    for (const group of [...groups].sort()) {
      const listed = (servedResources.get(group) ?? []).filter(
        (plural) =>
          (r.resources.includes('*') || r.resources.includes(plural)) && !except.includes(plural),
      );
      if (listed.length > 0)
        out.push({ verbs: [...r.verbs], apiGroups: [group], resources: [...listed].sort() });
    }
  }
  return out;
}

/** Non-resource URLs a persona may use, as its SelfSubjectAccessReviews answer them. */
export function nonResourceRulesFor(
  personaName: string,
): { verbs: string[]; nonResourceURLs: string[] }[] {
  if (personaName === 'admin') return [{ verbs: ['*'], nonResourceURLs: ['*'] }];
  if (NON_RESOURCE_READERS.includes(personaName))
    return [{ verbs: ['get'], nonResourceURLs: ['*'] }];
  return [];
}

/** Personas whose SelfSubjectAccessReviews allow `get` on any non-resource URL. */
export const NON_RESOURCE_READERS = ['viewer', 'nad-editor'];

export function isAllowed(personaName: string, attrs: Attributes): boolean {
  if (alwaysAllowed(attrs)) return true;
  const persona = personaNamed(personaName);
  if (!persona) return false;
  const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource;
  return persona.rules.some(
    (r) =>
      (r.verbs.includes('*') || r.verbs.includes(attrs.verb)) &&
      (r.groups.includes('*') || r.groups.includes(attrs.group)) &&
      (r.resources.includes('*') || r.resources.includes(resource)) &&
      !(r.except?.includes(attrs.resource) ?? false) &&
      (r.namespaces === undefined ||
        (attrs.namespace !== undefined && r.namespaces.includes(attrs.namespace))),
  );
}

export function forbiddenMessage(persona: string, attrs: Attributes): string {
  const qualified = attrs.group === '' ? attrs.resource : `${attrs.resource}.${attrs.group}`;
  const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource;
  const subject = attrs.name ? `${qualified} "${attrs.name}"` : qualified;
  const scope = attrs.namespace ? `in the namespace "${attrs.namespace}"` : 'at the cluster scope';
  return `${subject} is forbidden: User "${persona}" cannot ${attrs.verb} resource "${resource}" in API group "${attrs.group}" ${scope}`;
}

function decodeBase64Url(value: string): string {
  return Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
}

/** Picks the persona for a request; WebSocket handshakes may carry it in the URL or subprotocol. */
export function personaOf(req: IncomingMessage, url: URL): string {
  const header = req.headers[PERSONA_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const impersonate = req.headers['impersonate-user'];
  if (typeof impersonate === 'string' && impersonate !== '') return impersonate;
  const query = url.searchParams.get('persona');
  if (query) return query;
  const protocols = req.headers['sec-websocket-protocol'];
  if (typeof protocols === 'string') {
    for (const p of protocols.split(',').map((s) => s.trim())) {
      if (p.startsWith(PERSONA_SUBPROTOCOL_PREFIX))
        return p.slice(PERSONA_SUBPROTOCOL_PREFIX.length);
      // The OpenShift console impersonates over WebSockets with `Impersonate-User.<base64url>`.
      if (p.startsWith('Impersonate-User.'))
        return decodeBase64Url(p.slice('Impersonate-User.'.length));
    }
  }
  return DEFAULT_PERSONA;
}
