import type { ReactNode } from 'react';
import { DocumentTitle } from '@openshift-console/dynamic-plugin-sdk';
import { PageSection, Title, Flex, FlexItem } from '@patternfly/react-core';
import './PageShell.css';

interface PageShellProps {
  title: string;
  /** Shown next to the title, e.g. a create button. */
  actions?: ReactNode;
  description?: ReactNode;
  /** A short notice under the title, e.g. why actions are missing (ReadOnlyNotice). */
  notice?: ReactNode;
  children: ReactNode;
  testId: string;
}

/** Title bar plus content: every Switchboard page looks and is addressed the same way. */
export function PageShell({
  title,
  actions,
  description,
  notice,
  children,
  testId,
}: PageShellProps) {
  return (
    <>
      <DocumentTitle>{title}</DocumentTitle>
      <PageSection data-test={testId} className="sb-page">
        <Flex justifyContent={{ default: 'justifyContentSpaceBetween' }}>
          <FlexItem className="sb-page">
            <Title headingLevel="h1" data-test="page-title">
              {title}
            </Title>
            {description}
          </FlexItem>
          {actions && <FlexItem>{actions}</FlexItem>}
        </Flex>
        {notice}
      </PageSection>
      <PageSection className="sb-page">{children}</PageSection>
    </>
  );
}
