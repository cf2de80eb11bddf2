// `@console/internal/components/factory/ListPage/ListPageHeader`: a list page's title row.
import type { ReactNode } from 'react';
import { Title } from '@patternfly/react-core';

export default function ListPageHeader({
  title,
  children,
}: {
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="sb-host-list-header">
      <Title headingLevel="h1">{title}</Title>
      {children}
    </div>
  );
}
