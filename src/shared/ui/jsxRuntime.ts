// The automatic JSX runtime, over the `react` the console shares. The console shares `react` but
// not `react/jsx-runtime`, so without this every page file carried its own copy of React's
// runtime (about 0.4 KB gzip of issue 23's bytes per page). The build points `react/jsx-runtime`
// here (webpack.config.ts); tests and type checks keep React's own.
//
// React's jsx(type, props, key) builds the same element as createElement(type, {...props, key}):
// both take `ref` out of the props, apply defaultProps, and keep `props.children` when no children
// are passed separately, which the compiler never does in the automatic runtime. Only the key
// travels apart, so it is put back.
import { createElement, Fragment } from 'react';
import type { ElementType, ReactElement } from 'react';

export { Fragment };

export function jsx(
  type: ElementType,
  props: Record<string, unknown>,
  key?: string | number,
): ReactElement {
  return createElement(type, key === undefined ? props : { ...props, key });
}

export const jsxs = jsx;
