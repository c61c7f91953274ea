// Open/closed state of the login drawer, shared by the header (Log in button), the auth feature
// (the drawer itself) and any page that must ask for a login (SPEC §2: after login with a redirect
// target the user goes there and the drawer closes; logout opens the drawer).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface LoginDrawerState {
  isOpen: boolean;
  /** Where to go after a successful login, if the opener asked for one. */
  redirectTo: string | null;
  openLoginDrawer: (options?: { redirectTo?: string }) => void;
  closeLoginDrawer: () => void;
}

const LoginDrawerContext = createContext<LoginDrawerState | null>(null);

export function LoginDrawerProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const openLoginDrawer = useCallback((options?: { redirectTo?: string }) => {
    setRedirectTo(options?.redirectTo ?? null);
    setOpen(true);
  }, []);
  const closeLoginDrawer = useCallback(() => setOpen(false), []);
  const value = useMemo(
    () => ({ isOpen, redirectTo, openLoginDrawer, closeLoginDrawer }),
    [isOpen, redirectTo, openLoginDrawer, closeLoginDrawer],
  );
  return <LoginDrawerContext.Provider value={value}>{children}</LoginDrawerContext.Provider>;
}

export function useLoginDrawer(): LoginDrawerState {
  const state = useContext(LoginDrawerContext);
  if (!state) throw new Error('useLoginDrawer() needs a LoginDrawerProvider above it.');
  return state;
}
