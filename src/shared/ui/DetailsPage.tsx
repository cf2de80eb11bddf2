import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { DocumentTitle, HorizontalNav } from '@openshift-console/dynamic-plugin-sdk';
import type { K8sResourceCommon, NavPage } from '@openshift-console/dynamic-plugin-sdk';
import {
  Breadcrumb,
  BreadcrumbItem,
  Dropdown,
  DropdownItem,
  DropdownList,
  Flex,
  FlexItem,
  MenuToggle,
  PageSection,
  Title,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import './PageShell.css';

export interface DetailsAction {
  id: string;
  label: string;
  /** Where the action goes; or `onClick` for one that acts in place (a dialog). */
  to?: string;
  onClick?: () => void;
  isDanger?: boolean;
  isDisabled?: boolean;
  /** Why it is disabled, or what it does. */
  description?: string;
}

/** The tabs every details page starts with: Details (the page's own URL), YAML and Events. */
export function useStandardTabs(
  // HorizontalNav hands each tab the object and the page's customData.
  details: NavPage['component'],
  yaml: NavPage['component'],
  events: NavPage['component'],
): NavPage[] {
  const { t } = usePluginTranslation();
  return useMemo(
    () => [
      { href: '', name: t('Details'), component: details },
      { href: 'yaml', name: t('YAML'), component: yaml },
      { href: 'events', name: t('Events'), component: events },
    ],
    [t, details, yaml, events],
  );
}

/**
 * A details page as the console lays them out: breadcrumbs back to the list, the object's name
 * with an Actions menu, an optional notice (ReadOnlyNotice), and the SDK's HorizontalNav with
 * the page's tabs (Details first, whose `href` is '', then YAML, Events and the feature's own).
 * The tabs are path segments below the page's URL, so its route must not be exact.
 */
export function DetailsPage({
  title,
  testId,
  breadcrumbs,
  actions = [],
  notice,
  status,
  resource,
  pages,
  customData,
  wrapTabs = (tabs) => tabs,
}: {
  title: string;
  testId: string;
  breadcrumbs: { label: string; to: string }[];
  actions?: DetailsAction[];
  notice?: ReactNode;
  /** Shown next to the title (a status label). */
  status?: ReactNode;
  resource?: K8sResourceCommon;
  pages: NavPage[];
  /** Handed to every tab's component as `customData` (HorizontalNav's contract). */
  customData?: object;
  /**
   * Wraps the tabs, typically in DataState: the header stays mounted while another object of
   * the same kind loads, as the console keeps a details page when only its name changes.
   */
  wrapTabs?: (tabs: ReactNode) => ReactNode;
}) {
  const { t } = usePluginTranslation();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <DocumentTitle>{title}</DocumentTitle>
      <PageSection data-test={testId} className="sb-page">
        <Breadcrumb data-test="breadcrumbs" className="pf-v6-u-mb-sm">
          {breadcrumbs.map((b) => (
            <BreadcrumbItem key={b.to}>
              <Link to={b.to}>{b.label}</Link>
            </BreadcrumbItem>
          ))}
          <BreadcrumbItem isActive>
            <span className="sb-crumb-current">{title}</span>
          </BreadcrumbItem>
        </Breadcrumb>
        <Flex
          justifyContent={{ default: 'justifyContentSpaceBetween' }}
          alignItems={{ default: 'alignItemsCenter' }}
        >
          <FlexItem className="sb-page">
            <Title headingLevel="h1" data-test="page-title">
              {title} {status}
            </Title>
          </FlexItem>
          {actions.length > 0 && (
            <FlexItem>
              <Dropdown
                isOpen={open}
                onOpenChange={setOpen}
                onSelect={() => setOpen(false)}
                popperProps={{ position: 'right' }}
                toggle={(ref) => (
                  <MenuToggle
                    ref={ref}
                    onClick={() => setOpen((o) => !o)}
                    isExpanded={open}
                    data-test="actions-menu"
                  >
                    {t('Actions')}
                  </MenuToggle>
                )}
              >
                <DropdownList>
                  {actions.map((a) => (
                    <DropdownItem
                      key={a.id}
                      data-test={`action-${a.id}`}
                      isDanger={a.isDanger}
                      isAriaDisabled={a.isDisabled}
                      description={a.description}
                      onClick={() => {
                        if (a.to) void navigate(a.to);
                        else a.onClick?.();
                      }}
                    >
                      {a.label}
                    </DropdownItem>
                  ))}
                </DropdownList>
              </Dropdown>
            </FlexItem>
          )}
        </Flex>
        {notice}
      </PageSection>
      {/* The tabs show cluster strings too (descriptions, messages): they break as the header's do. */}
      <div className="sb-page">
        {wrapTabs(<HorizontalNav resource={resource} pages={pages} customData={customData} />)}
      </div>
    </>
  );
}
