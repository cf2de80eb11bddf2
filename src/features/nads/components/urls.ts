// URLs of the NAD pages; the routes are Switchboard's own (src/shared/routes.ts).
import { nadCreateUrl, nadEditUrl, nadListUrl, nadUrl } from '../../../shared/routes';

export function getEditUrl(namespace: string, name: string): string {
  return nadEditUrl(namespace, name);
}

export function getCreateUrl(namespace: string | undefined): string {
  return nadCreateUrl(namespace);
}

export const getNadUrl = (namespace: string, name: string) => nadUrl(namespace, name);
export const getNadListUrl = (namespace?: string) => nadListUrl(namespace);
