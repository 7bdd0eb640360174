import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from '../config/runtime';

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

/** main.tsx loads the runtime configuration before the first render and provides it here. */
export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside <RuntimeConfigProvider>');
  return config;
}
