// `@console/internal/components/utils/resource-link`: a link to a resource's details page.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getModel } from '../../../../sdk/models';

export function ResourceLink(props: {
  groupVersionKind?: { group?: string; version: string; kind: string };
  kind?: string;
  name?: string;
  namespace?: string;
  displayName?: string;
  children?: ReactNode;
}) {
  const gvk = props.groupVersionKind;
  const model = gvk ? getModel(gvk.group, gvk.version, gvk.kind) : undefined;
  const ref = gvk ? `${gvk.group || 'core'}~${gvk.version}~${gvk.kind}` : (props.kind ?? '');
  const name = props.name ?? '';
  const href =
    model?.namespaced && props.namespace
      ? `/k8s/ns/${props.namespace}/${ref}/${name}`
      : `/k8s/cluster/${ref}/${name}`;
  return (
    <span className="sb-host-resource-link">
      <Link to={href}>{props.displayName ?? name}</Link>
      {props.children}
    </span>
  );
}
