/** Formats an age from two instants as the console does (e.g. 3d, 5h, 12m, 40s). */
export function formatAge(from: string | undefined, now: number): string {
  if (!from) return '-';
  const ms = now - Date.parse(from);
  if (!Number.isFinite(ms)) return '-';
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}
