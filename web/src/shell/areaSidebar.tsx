/**
 * Which menu holds the area's links. An area whose sidebar carries Settings and the support links
 * (Help, FAQ, Sign out: the instructor's and the speaker's, spec 3) says so while it is on screen,
 * and the header then leaves them out rather than show each twice (the logo stays the link home).
 * Said by the sidebar itself, not by the path: a role page shown at /instructor/… to someone
 * without the role has no sidebar, and keeps the header's menu.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

const AreaSidebarContext = createContext<{ holdsLinks: boolean; setHoldsLinks(value: boolean): void }>({
  holdsLinks: false,
  setHoldsLinks: () => undefined,
});

export function AreaSidebarProvider({ children }: { children: ReactNode }) {
  const [holdsLinks, setHoldsLinks] = useState(false);
  const value = useMemo(() => ({ holdsLinks, setHoldsLinks }), [holdsLinks]);
  return <AreaSidebarContext.Provider value={value}>{children}</AreaSidebarContext.Provider>;
}

/** Called by an area's layout whose sidebar holds Settings, Help, FAQ and Sign out. */
export function useSidebarHoldsLinks() {
  const { setHoldsLinks } = useContext(AreaSidebarContext);
  useEffect(() => {
    setHoldsLinks(true);
    return () => setHoldsLinks(false);
  }, [setHoldsLinks]);
}

/** True while such a sidebar is on screen (the header leaves its own menu out). */
export const useAreaSidebarHoldsLinks = () => useContext(AreaSidebarContext).holdsLinks;
