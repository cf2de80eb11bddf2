// OVN bridge mappings (`ovn.bridge-mappings`, nmstate ovn.rs): which OVS bridge carries each
// localnet network. A row marked "remove" writes `state: absent`, which deletes the mapping of
// that localnet on the node (ovn.rs `OvnBridgeMapping`), bridge not needed.
import { Button, Checkbox, Flex, FlexItem, FormSection, TextInput } from '@patternfly/react-core';
import { MinusCircleIcon, PlusCircleIcon } from '@patternfly/react-icons';
import { usePluginTranslation } from '../../../../shared/i18n/usePluginTranslation';
import type { Finding } from '../../model/finding';
import type { OvnBridgeMappingFormValues } from '../../model/interfaceKinds';
import { FieldFindings, fieldStatus } from './inputs';

export function OvnMappingsSection({
  value,
  onChange,
  findings,
}: {
  value: OvnBridgeMappingFormValues[];
  onChange: (v: OvnBridgeMappingFormValues[]) => void;
  /** Every finding under `spec.desiredState.ovn`. */
  findings: Finding[];
}) {
  const { t } = usePluginTranslation();
  const rowFindings = (i: number, key?: string) =>
    findings.filter((f) =>
      f.path.includes(`bridge-mappings[${i}]${key === undefined ? '' : `.${key}`}`),
    );
  const set = (i: number, row: OvnBridgeMappingFormValues) =>
    onChange(value.map((r, j) => (j === i ? row : r)));
  const rest = findings.filter((f) => !/bridge-mappings\[\d+\]/.test(f.path));
  return (
    <FormSection title={t('OVN bridge mappings')} titleElement="h2" data-test="ovn-section">
      {value.map((row, i) => (
        <div key={i} data-test={`ovn-mapping-${i}`}>
          <Flex alignItems={{ default: 'alignItemsCenter' }}>
            <FlexItem>
              <TextInput
                id={`ovn-mapping-${i}-localnet`}
                data-test={`ovn-mapping-${i}-localnet`}
                aria-label={t('Localnet')}
                placeholder={t('Localnet network name')}
                value={row.localnet}
                validated={fieldStatus(rowFindings(i, 'localnet'))}
                onChange={(_e, localnet) => set(i, { ...row, localnet })}
              />
            </FlexItem>
            <FlexItem>
              <TextInput
                id={`ovn-mapping-${i}-bridge`}
                data-test={`ovn-mapping-${i}-bridge`}
                aria-label={t('OVS bridge')}
                placeholder={t('OVS bridge')}
                isDisabled={row.absent}
                value={row.bridge}
                validated={fieldStatus(rowFindings(i, 'bridge'))}
                onChange={(_e, bridge) => set(i, { ...row, bridge })}
              />
            </FlexItem>
            <FlexItem>
              <Checkbox
                id={`ovn-mapping-${i}-absent`}
                data-test={`ovn-mapping-${i}-absent`}
                label={t('Remove this mapping')}
                isChecked={row.absent}
                onChange={(_e, absent) => set(i, { ...row, absent })}
              />
            </FlexItem>
            <FlexItem>
              <Button
                variant="plain"
                aria-label={t('Remove row')}
                icon={<MinusCircleIcon />}
                data-test={`ovn-mapping-${i}-remove`}
                onClick={() => onChange(value.filter((_r, j) => j !== i))}
              />
            </FlexItem>
          </Flex>
          <FieldFindings findings={rowFindings(i)} />
        </div>
      ))}
      <Button
        variant="link"
        icon={<PlusCircleIcon />}
        data-test="add-ovn-mapping"
        onClick={() => onChange([...value, { localnet: '', bridge: '', absent: false }])}
      >
        {t('Add bridge mapping')}
      </Button>
      <FieldFindings findings={rest} />
    </FormSection>
  );
}
