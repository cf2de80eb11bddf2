import { Link } from 'react-router';
import { Table, Tbody, Thead, Tr } from '@patternfly/react-table';
import { Td, Th } from './tableCells';
import type { GroupVersionKind, K8sResource } from '../model/k8s';
import { objectUrl } from '../routes';
import { usePluginTranslation } from '../i18n/usePluginTranslation';
import { formatAge } from './labels';

interface SimpleResourceTableProps {
  gvk: GroupVersionKind;
  items: K8sResource[];
  namespaced?: boolean;
  testId: string;
  /** Overrides the link target of a row (defaults to the console details page). */
  hrefFor?: (obj: K8sResource) => string;
}

/** A plain, accessible list of objects of one kind, linking to each details page. */
export function SimpleResourceTable({
  gvk,
  items,
  namespaced,
  testId,
  hrefFor,
}: SimpleResourceTableProps) {
  const { t } = usePluginTranslation();
  const now = Date.now();
  return (
    <Table aria-label={gvk.kind} data-test={testId} variant="compact">
      <Thead>
        <Tr>
          <Th>{t('Name')}</Th>
          {namespaced && <Th>{t('Namespace')}</Th>}
          <Th>{t('Age')}</Th>
        </Tr>
      </Thead>
      <Tbody>
        {items.map((obj) => {
          const name = obj.metadata?.name ?? '';
          const ns = obj.metadata?.namespace;
          return (
            <Tr key={`${ns ?? ''}/${name}`} data-test={`row-${name}`}>
              <Td dataLabel={t('Name')}>
                <Link to={hrefFor ? hrefFor(obj) : objectUrl(gvk, name, ns)}>{name}</Link>
              </Td>
              {namespaced && <Td dataLabel={t('Namespace')}>{ns}</Td>}
              <Td dataLabel={t('Age')}>{formatAge(obj.metadata?.creationTimestamp, now)}</Td>
            </Tr>
          );
        })}
      </Tbody>
    </Table>
  );
}
