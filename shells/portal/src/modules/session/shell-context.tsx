import { createContext, useContext } from 'react';
import type { ShellData } from './use-shell-data';

const ShellContext = createContext<ShellData | null>(null);
export const ShellProvider = ShellContext.Provider;

export function useShell(): ShellData {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside <ShellProvider>');
  return value;
}
