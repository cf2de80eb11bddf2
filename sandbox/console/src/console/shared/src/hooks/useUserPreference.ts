// `@console/shared/src/hooks/useUserPreference`: one user setting, kept per user.
//
// The console (openshift/console release-4.22 frontend/packages/console-shared/src/hooks/
// useUserPreference.ts, useUserPreferenceLocalStorage.ts and ../utils/user-settings.ts) keeps
// user settings in the ConfigMap `user-settings-<sha256 of the user name>` in the namespace
// `openshift-console-user-settings`, which its backend creates (POST /api/console/user-settings),
// and falls back to the browser's storage when the bridge runs with
// `--user-settings-location=localstorage` (SERVER_FLAGS.userSettingsLocation) or the ConfigMap
// cannot be created. While impersonating, it always uses sessionStorage, under
// `console-user-settings-<impersonated name>`.
//
// The stand-in has no user identity (the admin is not a named user) and no
// /api/console/user-settings endpoint, so it runs as the console does with the localStorage
// location: every setting is one key of a JSON object stored under `console-user-settings`
// (sessionStorage `console-user-settings-<name>` while impersonating), values serialised as the
// console serialises them (strings as they are, anything else as JSON), and every writer sends a
// `storage` event so other hooks on the same key, in this window and others, follow.
import { useCallback, useEffect, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
import { useSelector } from 'react-redux';

interface ImpersonateState {
  sdkCore?: { impersonate?: { name?: string } };
}

const parse = (raw: string | null): unknown => {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

const serialise = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

const readAll = (storage: Storage, storageKey: string): Record<string, unknown> => {
  const all = parse(storage.getItem(storageKey));
  return all && typeof all === 'object' ? (all as Record<string, unknown>) : {};
};

/** The console's keys allow `-._a-zA-Z0-9` only; others become `_` (as upstream does). */
const settingKey = (key: string) => key.replace(/[^-._a-zA-Z0-9]/g, '_');

export function useUserPreference<T>(
  key: string,
  defaultValue?: T,
  sync = false,
): [T | undefined, Dispatch<SetStateAction<T | undefined>>, boolean] {
  const impersonated = useSelector((s: ImpersonateState) => s.sdkCore?.impersonate?.name);
  const storage = impersonated ? sessionStorage : localStorage;
  const storageKey = impersonated
    ? `console-user-settings-${impersonated}`
    : 'console-user-settings';
  const k = settingKey(key);
  const read = useCallback((): T | undefined => {
    const all = readAll(storage, storageKey);
    return k in all && all[k] !== undefined ? (all[k] as T) : defaultValue;
    // The default is read once, as upstream keeps it in a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storage, storageKey, k]);
  const [value, setValue] = useState<T | undefined>(read);

  useEffect(() => {
    setValue(read());
  }, [read]);

  useEffect(() => {
    if (!sync) return undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== storage || event.key !== storageKey) return;
      const next = readAll(storage, storageKey)[k];
      if (next !== undefined) setValue(next as T);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [sync, storage, storageKey, k]);

  const update = useCallback<Dispatch<SetStateAction<T | undefined>>>(
    (action) => {
      const all = readAll(storage, storageKey);
      const previous = (k in all ? all[k] : defaultValue) as T | undefined;
      const next =
        typeof action === 'function'
          ? (action as (prev: T | undefined) => T | undefined)(previous)
          : action;
      if (next === undefined || serialise(next) === serialise(all[k])) return;
      setValue(next);
      const oldValue = storage.getItem(storageKey);
      const newValue = serialise({ ...all, [k]: next });
      try {
        storage.setItem(storageKey, newValue);
      } catch (err) {
        console.error(`Error while updating local storage for key ${storageKey}`, err);
      }
      // Browsers send `storage` events to other windows only; the console dispatches one here
      // too so every hook on the key in this window follows.
      window.dispatchEvent(
        new StorageEvent('storage', {
          storageArea: storage,
          key: storageKey,
          newValue,
          oldValue,
          url: window.location.toString(),
        }),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [storage, storageKey, k],
  );

  return [value, update, true];
}
