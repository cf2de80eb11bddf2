// i18next configured like the console (frontend/public/i18n.js): '~' namespace separator, no
// key separator, English fallback. Plugin namespaces load from /locales/resource.json exactly
// as the console's backend requests them.
import i18next from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    fetch(
      `/locales/resource.json?lng=${encodeURIComponent(language)}&ns=${encodeURIComponent(namespace)}`,
    )
      .then((r) => (r.ok ? r.json() : {}))
      .then((data: Record<string, string>) => callback(null, data))
      .catch((err: unknown) =>
        callback(err instanceof Error ? err : new Error(String(err)), false),
      );
  },
};

export async function initI18n(pluginNamespaces: string[]) {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: 'en',
      fallbackLng: 'en',
      load: 'languageOnly',
      ns: ['public', ...pluginNamespaces],
      defaultNS: 'public',
      nsSeparator: '~',
      keySeparator: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnEmptyString: false,
    });
  return i18next;
}
