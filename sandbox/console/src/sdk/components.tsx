import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Title } from '@patternfly/react-core';
import { getModel } from './models';

export function DocumentTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} · Switchboard stand-in`;
  }, [children]);
  return null;
}

export function ListPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="sb-host-list-header">
      <Title headingLevel="h1">{title}</Title>
      {children}
    </div>
  );
}

export function ListPageBody({ children }: { children?: ReactNode }) {
  return <div>{children}</div>;
}

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

export function Timestamp({ timestamp }: { timestamp: string | number | Date }) {
  const d = new Date(timestamp);
  return <time dateTime={d.toISOString()}>{d.toLocaleString()}</time>;
}
