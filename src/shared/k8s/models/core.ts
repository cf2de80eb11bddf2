// Kubernetes' own kinds the plugin reads (core, apps, authentication.k8s.io), but nodes (node.ts).
import { model } from './model';

export const PodGVK = { group: '', version: 'v1', kind: 'Pod' } as const;

export const EventGVK = { group: '', version: 'v1', kind: 'Event' } as const;

export const SecretGVK = { group: '', version: 'v1', kind: 'Secret' } as const;

export const ControllerRevisionGVK = {
  group: 'apps',
  version: 'v1',
  kind: 'ControllerRevision',
} as const;

export const DaemonSetGVK = { group: 'apps', version: 'v1', kind: 'DaemonSet' } as const;

export const DeploymentGVK = { group: 'apps', version: 'v1', kind: 'Deployment' } as const;

export const SelfSubjectReviewGVK = {
  group: 'authentication.k8s.io',
  version: 'v1',
  kind: 'SelfSubjectReview',
} as const;

export const PodModel = /* @__PURE__ */ model(PodGVK, 'pods', true, 'P', 'Pod', 'Pods');

export const EventModel = /* @__PURE__ */ model(EventGVK, 'events', true, 'E', 'Event', 'Events');

export const SecretModel = /* @__PURE__ */ model(
  SecretGVK,
  'secrets',
  true,
  'S',
  'Secret',
  'Secrets',
);

export const ControllerRevisionModel = /* @__PURE__ */ model(
  ControllerRevisionGVK,
  'controllerrevisions',
  true,
  'CR',
  'ControllerRevision',
  'ControllerRevisions',
);

export const SelfSubjectReviewModel = /* @__PURE__ */ model(
  SelfSubjectReviewGVK,
  'selfsubjectreviews',
  false,
  'SSR',
  'SelfSubjectReview',
  'SelfSubjectReviews',
);
