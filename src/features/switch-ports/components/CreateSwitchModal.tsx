import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  FormGroup,
  FormSelect,
  FormSelectOption,
  Modal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  TextArea,
  TextInput,
} from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import { BareMetalSwitchModel, SecretModel } from '../../../shared/k8s/models';
import { createResource, deleteResource } from '../../../shared/k8s/mutations';
import { useSecretNames } from '../data/useSecretNames';
import { useUnsavedChangesGuard } from '../../../shared/ui/useUnsavedChangesGuard';
import { buildSwitchWrite, validateSwitchForm } from '../logic/forms';
import type { CredentialKind, SwitchFormValues } from '../logic/forms';
import { FieldMessages, fieldStatus } from './FieldMessages';

interface CreateSwitchModalProps {
  defaultNamespace: string;
  onClose: () => void;
}

const DEVICE_TYPES = [
  'netmiko_juniper_junos',
  'netmiko_arista_eos',
  'netmiko_cisco_ios',
  'netmiko_dell_os10',
  'netmiko_dell_force10',
];

/**
 * Creates a credentials Secret and a BareMetalSwitch that references it, both in one namespace.
 * Both are dry-run first; if the switch still fails after the Secret was written, the Secret is
 * deleted again, and if that fails too the dialog names the Secret to remove.
 */
export function CreateSwitchModal({ defaultNamespace, onClose }: CreateSwitchModalProps) {
  const { t } = usePluginTranslation();
  const [values, setValues] = useState<SwitchFormValues>({
    name: '',
    namespace: defaultNamespace,
    address: '',
    macAddress: '',
    deviceType: DEVICE_TYPES[0] ?? '',
    port: '',
    disableCertificateVerification: false,
    secretName: '',
    username: '',
    credentialKind: 'password',
    credential: '',
  });
  const [secretTouched, setSecretTouched] = useState(false);
  const effective = useMemo(
    () => ({
      ...values,
      secretName:
        secretTouched || values.name === '' ? values.secretName : `${values.name}-credentials`,
    }),
    [values, secretTouched],
  );
  // Names only, metadata-only (no Secret data reaches the browser). Listing Secrets may be
  // forbidden; then the server's AlreadyExists is the check.
  const secrets = useSecretNames(values.namespace);
  const findings = useMemo(
    () => validateSwitchForm(effective, secrets.items),
    [effective, secrets.items],
  );
  const at = (field: string) => findings.filter((f) => f.path === field);
  const hasErrors = findings.some((f) => f.severity === 'error');
  const dirty = values.name !== '' || values.credential !== '';
  useUnsavedChangesGuard(dirty, t('Leave without creating the switch?'));

  const create = useMutation({
    mutationFn: async () => {
      const { secret, bareMetalSwitch } = buildSwitchWrite(effective);
      await createResource({ model: SecretModel, data: secret, dryRun: true });
      await createResource({ model: BareMetalSwitchModel, data: bareMetalSwitch, dryRun: true });
      const created = await createResource({ model: SecretModel, data: secret });
      try {
        return await createResource({ model: BareMetalSwitchModel, data: bareMetalSwitch });
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        try {
          await deleteResource({ model: SecretModel, resource: created });
        } catch {
          throw new Error(
            t(
              'The switch was not created ({{reason}}), and Secret {{namespace}}/{{secret}} could not be deleted again; delete it by hand.',
              { reason, namespace: effective.namespace, secret: effective.secretName },
            ),
          );
        }
        throw new Error(
          t('The switch was not created ({{reason}}); the Secret was removed again.', { reason }),
        );
      }
    },
    onSuccess: onClose,
  });

  const set = <K extends keyof SwitchFormValues>(key: K, value: SwitchFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  };
  const text = (
    field: keyof SwitchFormValues,
    label: string,
    opts: { required?: boolean; placeholder?: string; type?: 'text' | 'password' } = {},
  ) => (
    <FormGroup label={label} isRequired={opts.required} fieldId={`bms-${field}`}>
      <TextInput
        id={`bms-${field}`}
        data-test={`bms-${field}`}
        type={opts.type ?? 'text'}
        placeholder={opts.placeholder}
        value={String(effective[field])}
        validated={fieldStatus(at(field))}
        onChange={(_e, v) => {
          if (field === 'secretName') setSecretTouched(true);
          set(field, v);
        }}
      />
      <FieldMessages findings={at(field)} testId={`bms-${field}-messages`} />
    </FormGroup>
  );

  return (
    <Modal isOpen onClose={onClose} variant="medium" data-test="bms-create">
      <ModalHeader
        title={t('Create bare-metal switch')}
        description={t('The credentials Secret is created in the namespace of the switch.')}
      />
      <ModalBody>
        <Form onSubmit={(e) => e.preventDefault()}>
          {text('name', t('Name'), { required: true })}
          {text('namespace', t('Namespace'), { required: true })}
          {text('address', t('Address'), { required: true, placeholder: '192.168.110.4' })}
          {text('macAddress', t('Management MAC address'), {
            required: true,
            placeholder: '08:05:e2:7d:0a:20',
          })}
          <FormGroup label={t('Device type')} isRequired fieldId="bms-deviceType">
            <FormSelect
              id="bms-deviceType"
              data-test="bms-deviceType"
              value={values.deviceType}
              onChange={(_e, v) => set('deviceType', v)}
            >
              {DEVICE_TYPES.map((d) => (
                <FormSelectOption key={d} value={d} label={d} />
              ))}
            </FormSelect>
          </FormGroup>
          {text('port', t('Port'), { placeholder: '22' })}
          <Checkbox
            id="bms-insecure"
            data-test="bms-insecure"
            label={t('Disable certificate verification')}
            isChecked={values.disableCertificateVerification}
            onChange={(_e, v) => set('disableCertificateVerification', v)}
          />
          {text('secretName', t('Credentials Secret name'), { required: true })}
          {text('username', t('Username'), { required: true })}
          <FormGroup label={t('Credential type')} fieldId="bms-credentialKind">
            <FormSelect
              id="bms-credentialKind"
              data-test="bms-credentialKind"
              value={values.credentialKind}
              onChange={(_e, v) => set('credentialKind', v as CredentialKind)}
            >
              <FormSelectOption value="password" label={t('Password')} />
              <FormSelectOption value="ssh-privatekey" label={t('SSH private key')} />
            </FormSelect>
          </FormGroup>
          {values.credentialKind === 'password' ? (
            text('credential', t('Password'), { required: true, type: 'password' })
          ) : (
            <FormGroup label={t('SSH private key')} isRequired fieldId="bms-credential">
              <TextArea
                id="bms-credential"
                data-test="bms-credential"
                value={values.credential}
                onChange={(_e, v) => set('credential', v)}
              />
              <FieldMessages findings={at('credential')} testId="bms-credential-messages" />
            </FormGroup>
          )}
        </Form>
        {create.error && (
          <Alert
            variant="danger"
            isInline
            title={t('Could not create the switch')}
            data-test="bms-error"
          >
            {create.error.message}
          </Alert>
        )}
      </ModalBody>
      <ModalFooter>
        <Button
          variant="primary"
          data-test="bms-save"
          isDisabled={hasErrors || create.isPending}
          isLoading={create.isPending}
          onClick={() => create.mutate()}
        >
          {t('Create')}
        </Button>
        <Button variant="link" onClick={onClose} data-test="bms-cancel">
          {t('Cancel')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
