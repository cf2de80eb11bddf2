import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { SettingsPreviewLine } from '../model/settingsPreview';
import type { TFunction } from './messages';

const lineText = (t: TFunction, l: SettingsPreviewLine): string => {
  switch (l.kind) {
    case 'routeRuleAdded':
      return t('Adds route rule: {{rule}}', { rule: l.rule });
    case 'routeRuleRemoved':
      return t('Removes route rule: {{rule}}', { rule: l.rule });
    case 'hostname':
      return l.key === 'config'
        ? t('Static hostname: {{before}} → {{after}}', {
            before: l.before ?? '-',
            after: l.after ?? '-',
          })
        : t('Running hostname: {{before}} → {{after}}', {
            before: l.before ?? '-',
            after: l.after ?? '-',
          });
    case 'lldp':
      return l.enabled
        ? t('{{iface}}: LLDP on', { iface: l.iface })
        : t('{{iface}}: LLDP off', { iface: l.iface });
    case 'ethtool':
      return t('{{iface}}: ethtool {{key}} = {{value}}', {
        iface: l.iface,
        key: l.key,
        value: l.value,
      });
    case 'sriovTotalVfs':
      return t('{{iface}}: SR-IOV VFs {{before}} → {{after}}', {
        iface: l.iface,
        before: l.before ?? '-',
        after: l.after ?? '-',
      });
    case 'sriovVfs':
      return t('{{iface}}: settings of {{count}} VFs', { iface: l.iface, count: l.count });
  }
};

/** One line per settings change of a node's preview. */
export function SettingsPreviewLines({ lines }: { lines: readonly SettingsPreviewLine[] }) {
  const { t } = usePluginTranslation();
  if (lines.length === 0) return null;
  return (
    <ul className="pf-v6-u-font-size-sm" data-test="preview-settings">
      {lines.map((l, i) => (
        <li key={i} data-test={`preview-setting-${l.kind}`}>
          {lineText(t, l)}
        </li>
      ))}
    </ul>
  );
}
