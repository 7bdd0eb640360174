import { useEffect } from 'react';
import { useRuntimeConfig } from './RuntimeConfigContext';

/** Sets the browser tab title to "<page> · Vigil". */
export function usePageTitle(title: string): void {
  const { productName } = useRuntimeConfig();
  useEffect(() => {
    const product = productName || 'Vigil';
    document.title = title ? `${title} · ${product}` : product;
  }, [title, productName]);
}
