import { createContext, useContext, type ReactNode } from 'react';

/* The per-request CSP nonce (server.ts → getLoadContext → entry.server → here). In the browser
   the value is '' — the nonce attribute is hidden from the DOM anyway, and scripts added after
   hydration are trusted through 'self'. */

const NonceContext = createContext<string>('');

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
