import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { stringify } from 'yaml';
import {
  Alert,
  Button,
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Radio,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { BareMetalHostModel } from '../../../shared/k8s/models';
import { K8sError } from '../../../shared/k8s/k8sError';
import { updateResource } from '../../../shared/k8s/mutations';
import type { BareMetalHost, HostNetworkAttachment } from '../../../shared/model/metal3';
import { DiffView } from '../../../shared/ui/DiffView';
import { setInterfaceAttachment } from '../logic/forms';
import type { InterfaceIdentity } from '../logic/forms';
import { computePortImpact, getImpactGate } from '../logic/portImpact';
import type { PortImpactInputs } from '../logic/portImpact';
import type { NicPort } from '../model/types';
import { PortImpactPanel } from './PortImpactPanel';
import { ChangeTimingNotice } from './ChangeTimingNotice';

interface AttachInterfaceModalProps {
  host: BareMetalHost;
  /** The live copy of the host, to re-apply the change on after a conflict. */
  latestHost: BareMetalHost | undefined;
  nic: NicPort;
  attachments: readonly HostNetworkAttachment[];
  /** Cluster state the impact check reads. */
  impactInputs: PortImpactInputs;
  onClose: () => void;
}

const NONE = '';
const toYaml = (o: unknown) => stringify(o ?? [], { lineWidth: 0 });

/**
 * Points one NIC of a host at a HostNetworkAttachment (or at none) by editing
 * `spec.networkInterfaces`. The entry names the NIC by name or by MAC, never both.
 */
export function AttachInterfaceModal({
  host,
  latestHost,
  nic,
  attachments,
  impactInputs,
  onClose,
}: AttachInterfaceModalProps) {
  const { t } = usePluginTranslation();
  const [base, setBase] = useState(host);
  const current = nic.hostNetworkAttachment
    ? `${nic.hostNetworkAttachment.namespace}/${nic.hostNetworkAttachment.name}`
    : NONE;
  const [choice, setChoice] = useState(current);
  const [by, setBy] = useState<'name' | 'mac'>(nic.name ? 'name' : 'mac');
  const [conflict, setConflict] = useState(false);
  const identity: InterfaceIdentity =
    by === 'name' ? { by: 'name', name: nic.name ?? '' } : { by: 'mac', mac: nic.mac ?? '' };
  const chosen = attachments.find((a) => `${a.metadata.namespace}/${a.metadata.name}` === choice);
  const result = setInterfaceAttachment(
    base,
    nic,
    identity,
    chosen ? { name: chosen.metadata.name, namespace: chosen.metadata.namespace } : undefined,
  );
  const impact = useMemo(
    () =>
      computePortImpact(
        {
          host: base,
          nic: { ...(nic.name ? { name: nic.name } : {}), ...(nic.mac ? { mac: nic.mac } : {}) },
          ...(chosen
            ? {
                attachment: { name: chosen.metadata.name, namespace: chosen.metadata.namespace },
              }
            : {}),
        },
        impactInputs,
      ),
    [base, nic.name, nic.mac, chosen, impactInputs],
  );
  const gate = getImpactGate(impact);
  // An acknowledgement covers the warnings it was given for: another choice, or new findings
  // arriving from the watches, ask again.
  const impactKey = useMemo(() => JSON.stringify([choice, impact.findings]), [choice, impact]);
  const [acknowledged, setAcknowledged] = useState<string>();
  const save = useMutation<BareMetalHost, K8sError>({
    mutationFn: () => {
      if (!result.ok) throw new K8sError('invalid', result.code);
      return updateResource({
        model: BareMetalHostModel,
        data: {
          ...base,
          spec: { ...(base.spec ?? {}), networkInterfaces: result.networkInterfaces },
        },
      });
    },
    onSuccess: onClose,
    onError: (err) => {
      if (err.kind === 'conflict') setConflict(true);
    },
  });
  const label = nic.name ?? nic.mac ?? '';
  return (
    <Modal isOpen onClose={onClose} variant="small" data-test="attach-modal">
      <ModalHeader
        title={t('Attachment of {{nic}} on {{host}}', { nic: label, host: host.metadata.name })}
      />
      <ModalBody>
        <ChangeTimingNotice host={latestHost ?? host} />
        <Form onSubmit={(e) => e.preventDefault()}>
          <FormGroup label={t('Host network attachment')} fieldId="attach-choice">
            <FormSelect
              id="attach-choice"
              data-test="attach-choice"
              value={choice}
              onChange={(_e, v) => {
                setChoice(v);
                setAcknowledged(undefined);
              }}
            >
              <FormSelectOption value={NONE} label={t('None (provider networks only)')} />
              {attachments.map((a) => (
                <FormSelectOption
                  key={`${a.metadata.namespace}/${a.metadata.name}`}
                  value={`${a.metadata.namespace}/${a.metadata.name}`}
                  label={
                    a.metadata.namespace === host.metadata.namespace
                      ? `${a.metadata.namespace}/${a.metadata.name}`
                      : t('{{ref}} (another namespace)', {
                          ref: `${a.metadata.namespace}/${a.metadata.name}`,
                        })
                  }
                />
              ))}
            </FormSelect>
          </FormGroup>
          <FormGroup
            role="radiogroup"
            label={t('Identify the interface by')}
            fieldId="attach-by"
            isInline
          >
            <Radio
              id="attach-by-name"
              name="attach-by"
              data-test="attach-by-name"
              label={t('Name ({{name}})', { name: nic.name ?? '-' })}
              isDisabled={!nic.name}
              isChecked={by === 'name'}
              onChange={() => setBy('name')}
            />
            <Radio
              id="attach-by-mac"
              name="attach-by"
              data-test="attach-by-mac"
              label={t('MAC address ({{mac}})', { mac: nic.mac ?? '-' })}
              isDisabled={!nic.mac}
              isChecked={by === 'mac'}
              onChange={() => setBy('mac')}
            />
          </FormGroup>
        </Form>
        {result.ok && choice !== current && (
          <PortImpactPanel
            impact={impact}
            acknowledged={acknowledged === impactKey}
            onAcknowledge={(v) => setAcknowledged(v ? impactKey : undefined)}
          />
        )}
        {!result.ok && (
          <Alert
            variant="danger"
            isInline
            title={t('This interface cannot be edited here')}
            data-test="attach-invalid"
          >
            {result.code === 'networkInterface.ambiguous'
              ? t(
                  'Two entries of spec.networkInterfaces describe this NIC; edit the host YAML to keep one.',
                )
              : t('The interface has neither a name nor a MAC address.')}
          </Alert>
        )}
        {conflict && (
          <Alert
            variant="warning"
            isInline
            title={t('Someone else changed this host')}
            data-test="attach-conflict"
            actionLinks={
              latestHost && (
                <Button
                  variant="link"
                  isInline
                  data-test="attach-conflict-apply"
                  onClick={() => {
                    setBase(latestHost);
                    setConflict(false);
                    save.reset();
                  }}
                >
                  {t('Apply my change to the latest version')}
                </Button>
              )
            }
          >
            {t('Your choice is kept. Network interfaces now on the cluster compared with yours:')}
            <DiffView
              oldText={toYaml(latestHost?.spec?.networkInterfaces)}
              newText={toYaml(result.ok ? result.networkInterfaces : [])}
              testId="attach-conflict-diff"
            />
          </Alert>
        )}
        {save.error && !conflict && (
          <Alert
            variant="danger"
            isInline
            title={t('Could not update the host')}
            data-test="attach-error"
          >
            {save.error.message}
          </Alert>
        )}
      </ModalBody>
      <ModalFooter>
        <Button
          variant="primary"
          data-test="attach-save"
          isDisabled={
            !result.ok ||
            save.isPending ||
            conflict ||
            (choice !== current &&
              (gate === 'blocked' || (gate === 'acknowledge' && acknowledged !== impactKey)))
          }
          isLoading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('Save')}
        </Button>
        <Button variant="link" onClick={onClose} data-test="attach-cancel">
          {t('Cancel')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
