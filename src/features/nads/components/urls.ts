// Plugin-owned URLs of the NAD editor (routes in console-extensions.json).
export function getEditUrl(namespace: string, name: string): string {
  return `/switchboard/ns/${encodeURIComponent(namespace)}/attachments/${encodeURIComponent(name)}/edit`;
}

export function getCreateUrl(namespace: string | undefined): string {
  return namespace
    ? `/switchboard/ns/${encodeURIComponent(namespace)}/attachments/~new`
    : '/switchboard/attachments/~new';
}
