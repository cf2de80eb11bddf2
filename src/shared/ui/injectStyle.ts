/**
 * Appends one of the plugin's stylesheets to the document, once per key (the stylesheet's path):
 * the build's CSS loader (scripts/webpack/css-inject-loader.cjs) turns each imported `.css` file
 * into a call to this. A second copy of the plugin container (a console reload of plugins) finds
 * the element already there.
 */
export function injectStyle(key: string, css: string): void {
  if (typeof document === 'undefined') return;
  const id = `switchboard-css-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}
