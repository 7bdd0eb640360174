import type { ReactElement } from 'react';

/**
 * A react-admin resource written by hand over an ABP endpoint. Named by its NAVIGATION path
 * (without the leading slash), so its routes are that path and canAccess finds its policy through
 * NAVIGATION; `key` is the NAVIGATION key it takes over.
 */
export interface HandWrittenResource {
  key: string;
  name: string;
  endpoint: string;
  list?: ReactElement;
  create?: ReactElement;
  edit?: ReactElement;
  show?: ReactElement;
}
