import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clearAuthCookies, hasAuthToken, storeAuthToken, willExpireSoon } from './authCookies';

interface AuthContextValue {
  /** A token exists and will not expire soon (spec 1, section 6). */
  signedIn: boolean;
  /** Keeps a freshly issued token and starts a clean session. */
  signIn(token: string): Promise<void>;
  /** Forgets the token locally (the server-side logout is the sign-out page's job). */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The signed-in state, read from the cookies; re-renders its children when it changes. */
export function AuthProvider({ children, onSessionChange }: { children: ReactNode; onSessionChange?: () => void | Promise<void> }) {
  const [, setVersion] = useState(0);

  const changed = useCallback(async () => {
    await onSessionChange?.();
    setVersion((v) => v + 1);
  }, [onSessionChange]);

  const signIn = useCallback(
    async (token: string) => {
      storeAuthToken(token);
      await changed();
    },
    [changed],
  );
  const signOut = useCallback(async () => {
    clearAuthCookies();
    await changed();
  }, [changed]);

  const signedIn = hasAuthToken() && !willExpireSoon();
  const value = useMemo(() => ({ signedIn, signIn, signOut }), [signedIn, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider');
  return value;
}
