// `@console/shared/src/components/datetime/Timestamp`: renders a timestamp. The console shows
// relative times with a tooltip; the stand-in renders the locale string (see ARCHITECTURE.md).
export default function Timestamp({ timestamp }: { timestamp: string | number | Date }) {
  const d = new Date(timestamp);
  return <time dateTime={d.toISOString()}>{d.toLocaleString()}</time>;
}
