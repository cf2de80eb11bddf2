import { Alert } from '@patternfly/react-core';
import { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { BareMetalHost } from '../../../shared/model/metal3';
import { changeTiming } from '../logic/ironicNetworking';
import { changeTimingText } from './messages';

/** When a change to the host's attachments reaches its switch ports, said before Save. */
export function ChangeTimingNotice({ host }: { host: BareMetalHost }) {
  const { t } = usePluginTranslation();
  const timing = changeTiming(host);
  return (
    <Alert
      variant={timing === 'afterDeprovision' ? 'warning' : 'info'}
      isInline
      isPlain
      title={t('When this takes effect')}
      data-test="attach-timing"
      data-timing={timing}
    >
      {changeTimingText(t, timing)}
    </Alert>
  );
}
