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
  TextInput,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { BareMetalHostModel, HostNetworkAttachmentModel } from '../../../shared/k8s/models';
import { K8sError } from '../../../shared/k8s/k8sError';
import { createResource, deleteResource, updateResource } from '../../../shared/k8s/mutations';
import { threeWayMerge } from '../../../shared/logic/merge';
import type {
  BareMetalHost,
  HostNetworkAttachment,
  SwitchPortMode,
} from '../../../shared/model/metal3';
import { DiffView } from '../../../shared/ui/DiffView';
import { useUnsavedChangesGuard } from '../../../shared/ui/useUnsavedChangesGuard';
import {
  applyHnaFormValues,
  nextFreeName,
  retargetAttachment,
  toHnaFormValues,
  validateHnaForm,
} from '../logic/forms';
import type { HnaFormValues } from '../logic/forms';
import { getAttachmentUsers } from '../logic/hostPorts';
import { changeTiming } from '../logic/ironicNetworking';
import { HNA_MODES } from '../logic/validateHostNetworkAttachment';
import { FieldMessages, fieldStatus } from './FieldMessages';

interface HnaEditorModalProps {
  /** The attachment to edit as last read; absent to create one. */
  existing?: HostNetworkAttachment;
  defaultNamespace: string;
  attachments: readonly HostNetworkAttachment[];
  hosts: readonly BareMetalHost[];
  onClose: () => void;
}

/** A failed multi-object save, described object by object. */
class PartialSaveError extends Error {
  constructor(
    message: string,
    readonly steps: string[],
  ) {
    super(message);
  }
}

const toYaml = (o: unknown) => stringify(o, { lineWidth: 0 });

/**
 * Create or edit a HostNetworkAttachment. An attachment referenced by host interfaces is
 * immutable (the webhook rejects spec changes), so for those the dialog says so up front and
 * saves a copy, then moves each referencing interface to it; if a move fails the moved ones are
 * moved back and the copy is deleted, so nothing is left half done.
 */
export function HnaEditorModal({
  existing,
  defaultNamespace,
  attachments,
  hosts,
  onClose,
}: HnaEditorModalProps) {
  const { t } = usePluginTranslation();
  const isNew = existing === undefined;
  const [base, setBase] = useState<HostNetworkAttachment | undefined>(existing);
  const initial = useMemo<HnaFormValues>(
    () =>
      existing
        ? toHnaFormValues(existing)
        : {
            name: '',
            namespace: defaultNamespace,
            mode: 'trunk',
            nativeVLAN: '',
            allowedVLANs: '',
            mtu: '',
          },
    [existing, defaultNamespace],
  );
  const [values, setValues] = useState<HnaFormValues>(initial);
  const [conflict, setConflict] = useState(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  useUnsavedChangesGuard(dirty, t('Leave without saving the attachment?'));

  const findings = useMemo(() => validateHnaForm(values, isNew), [values, isNew]);
  const at = (field: string) => findings.filter((f) => f.path === field);
  const hasErrors = findings.some((f) => f.severity === 'error');
  const users = existing ? getAttachmentUsers(existing, hosts) : [];
  const inUse = users.length > 0;
  // BMO PR #3470: a deployed host's ports keep what Ironic applied at deploy.
  const deployedUsers = [
    ...new Set(
      users
        .filter((u) => {
          const h = hosts.find(
            (x) => x.metadata.namespace === u.host.namespace && x.metadata.name === u.host.name,
          );
          return h !== undefined && changeTiming(h) === 'afterDeprovision';
        })
        .map((u) => `${u.host.namespace}/${u.host.name}`),
    ),
  ];
  const copyName = existing
    ? nextFreeName(
        existing.metadata.name,
        new Set(
          attachments
            .filter((a) => a.metadata.namespace === existing.metadata.namespace)
            .map((a) => a.metadata.name),
        ),
      )
    : '';
  const latest = existing
    ? attachments.find(
        (a) =>
          a.metadata.namespace === existing.metadata.namespace &&
          a.metadata.name === existing.metadata.name,
      )
    : undefined;
  const draft = applyHnaFormValues(base, values);

  const save = useMutation({
    mutationFn: async () => {
      if (!existing || !base) {
        return createResource({ model: HostNetworkAttachmentModel, data: draft });
      }
      if (!inUse) return updateResource({ model: HostNetworkAttachmentModel, data: draft });
      const ns = existing.metadata.namespace;
      const copy: HostNetworkAttachment = {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'HostNetworkAttachment',
        metadata: { name: copyName, namespace: ns },
        spec: draft.spec,
      };
      const created = await createResource({ model: HostNetworkAttachmentModel, data: copy });
      const moved: BareMetalHost[] = [];
      const hostKeys = [...new Set(users.map((u) => `${u.host.namespace}/${u.host.name}`))];
      for (const key of hostKeys) {
        const host = hosts.find((h) => `${h.metadata.namespace}/${h.metadata.name}` === key);
        try {
          if (!host) throw new Error(key);
          const updated = await updateResource({
            model: BareMetalHostModel,
            data: retargetAttachment(
              host,
              { name: existing.metadata.name, namespace: ns },
              {
                name: copyName,
              },
            ),
          });
          moved.push(updated);
        } catch (err) {
          const steps: string[] = [];
          for (const h of moved) {
            try {
              await updateResource({
                model: BareMetalHostModel,
                data: retargetAttachment(
                  h,
                  { name: copyName, namespace: ns },
                  {
                    name: existing.metadata.name,
                  },
                ),
              });
            } catch {
              steps.push(
                t('Host {{host}} still uses {{copy}}; point it back to {{name}} by hand.', {
                  host: `${h.metadata.namespace}/${h.metadata.name}`,
                  copy: copyName,
                  name: existing.metadata.name,
                }),
              );
            }
          }
          if (steps.length === 0) {
            try {
              await deleteResource({ model: HostNetworkAttachmentModel, resource: created });
            } catch {
              steps.push(
                t('Attachment {{copy}} was created and is unused; delete it.', { copy: copyName }),
              );
            }
          }
          const reason = err instanceof Error ? err.message : String(err);
          throw new PartialSaveError(
            t('Could not move host {{host}} to {{copy}}: {{reason}}', {
              host: key,
              copy: copyName,
              reason,
            }),
            steps,
          );
        }
      }
      return created;
    },
    onSuccess: onClose,
    onError: (err) => {
      if (err instanceof K8sError && err.kind === 'conflict') setConflict(true);
    },
  });

  const applyOnLatest = () => {
    if (!latest || !base) return;
    // The form is re-filled from the merge and the diff stays on screen, so the draft's values
    // win where both changed one, as before lists were merged element by element.
    const { merged } = threeWayMerge(base, draft, latest, { defaultChoice: 'mine' });
    setBase(latest);
    setValues(toHnaFormValues(merged));
    setConflict(false);
    save.reset();
  };

  const set = <K extends keyof HnaFormValues>(key: K, value: HnaFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  };
  const title = isNew
    ? t('Create host network attachment')
    : t('Edit host network attachment {{name}}', { name: existing.metadata.name });

  return (
    <Modal isOpen onClose={onClose} variant="medium" data-test="hna-editor">
      <ModalHeader title={title} />
      <ModalBody>
        {inUse && (
          <Alert
            variant="info"
            isInline
            title={t('This attachment is in use and cannot be changed')}
            data-test="hna-in-use"
          >
            {t(
              'It is referenced by {{users}}. The cluster rejects spec changes while hosts reference it, so saving creates the attachment {{copy}} with your changes and points these interfaces to it.',
              {
                users: users
                  .map((u) => `${u.host.namespace}/${u.host.name}[${u.iface}]`)
                  .join(', '),
                copy: copyName,
              },
            )}
            {deployedUsers.length > 0 && (
              <div data-test="hna-deferred">
                {t(
                  'Deployed hosts ({{hosts}}) keep their current switch configuration: the change reaches their switch ports only after they are deprovisioned back to available and deployed again.',
                  { hosts: deployedUsers.join(', ') },
                )}
              </div>
            )}
          </Alert>
        )}
        <Form onSubmit={(e) => e.preventDefault()}>
          {isNew && (
            <>
              <FormGroup label={t('Name')} isRequired fieldId="hna-name">
                <TextInput
                  id="hna-name"
                  data-test="hna-name"
                  value={values.name}
                  validated={fieldStatus(at('name'))}
                  onChange={(_e, v) => set('name', v)}
                />
                <FieldMessages findings={at('name')} testId="hna-name-messages" />
              </FormGroup>
              <FormGroup label={t('Namespace')} isRequired fieldId="hna-namespace">
                <TextInput
                  id="hna-namespace"
                  data-test="hna-namespace"
                  value={values.namespace}
                  onChange={(_e, v) => set('namespace', v)}
                />
              </FormGroup>
            </>
          )}
          <FormGroup label={t('Mode')} isRequired fieldId="hna-mode">
            <FormSelect
              id="hna-mode"
              data-test="hna-mode"
              value={values.mode}
              onChange={(_e, v) => set('mode', v as SwitchPortMode)}
            >
              {HNA_MODES.map((m) => (
                <FormSelectOption key={m} value={m} label={m} />
              ))}
            </FormSelect>
            <FieldMessages findings={at('mode')} testId="hna-mode-messages" />
          </FormGroup>
          <FormGroup label={t('Native VLAN')} isRequired fieldId="hna-native">
            <TextInput
              id="hna-native"
              data-test="hna-native"
              inputMode="numeric"
              value={values.nativeVLAN}
              validated={fieldStatus(at('nativeVLAN'))}
              onChange={(_e, v) => set('nativeVLAN', v)}
            />
            <FieldMessages findings={at('nativeVLAN')} testId="hna-native-messages" />
          </FormGroup>
          <FormGroup label={t('Allowed VLANs')} fieldId="hna-allowed">
            <TextInput
              id="hna-allowed"
              data-test="hna-allowed"
              placeholder={t('e.g. 200-203, 300')}
              isDisabled={values.mode === 'access' && values.allowedVLANs === ''}
              value={values.allowedVLANs}
              validated={fieldStatus(at('allowedVLANs'))}
              onChange={(_e, v) => set('allowedVLANs', v)}
            />
            <FieldMessages findings={at('allowedVLANs')} testId="hna-allowed-messages" />
          </FormGroup>
          <FormGroup label={t('MTU')} fieldId="hna-mtu">
            <TextInput
              id="hna-mtu"
              data-test="hna-mtu"
              inputMode="numeric"
              placeholder="68–9216"
              value={values.mtu}
              validated={fieldStatus(at('mtu'))}
              onChange={(_e, v) => set('mtu', v)}
            />
            <FieldMessages findings={at('mtu')} testId="hna-mtu-messages" />
          </FormGroup>
        </Form>
        {conflict && base && (
          <Alert
            variant="warning"
            isInline
            title={t('Someone else changed this attachment')}
            data-test="hna-conflict"
            actionLinks={
              <Button
                variant="link"
                isInline
                onClick={applyOnLatest}
                data-test="hna-conflict-apply"
              >
                {t('Apply my changes to the latest version')}
              </Button>
            }
          >
            {t('Your draft is kept. Differences between the latest version and your draft:')}
            <DiffView
              oldText={toYaml(latest?.spec ?? {})}
              newText={toYaml(draft.spec)}
              testId="hna-conflict-diff"
            />
          </Alert>
        )}
        {save.error && !conflict && (
          <Alert
            variant="danger"
            isInline
            title={t('Could not save the attachment')}
            data-test="hna-save-error"
          >
            {save.error.message}
            {save.error instanceof PartialSaveError && save.error.steps.length > 0 && (
              <ul>
                {save.error.steps.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </ModalBody>
      <ModalFooter>
        <Button
          variant="primary"
          data-test="hna-save"
          isDisabled={
            hasErrors || save.isPending || conflict || (!isNew && !dirty && base === existing)
          }
          isLoading={save.isPending}
          onClick={() => save.mutate()}
        >
          {inUse
            ? t('Save as {{copy}} and move interfaces', { copy: copyName })
            : isNew
              ? t('Create')
              : t('Save')}
        </Button>
        <Button variant="link" onClick={onClose} data-test="hna-cancel">
          {t('Cancel')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
