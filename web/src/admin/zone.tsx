/** The admin's own account and time zone, shared by the back-office's screens (times show in it). */
import { createContext, useContext, type ReactNode } from 'react';
import { formatDateTime, userZone } from '../lib/time';

export interface AdminSelf {
  id: string;
  emailAddress: string;
  tzIdentifier: string;
}

const AdminSelfContext = createContext<AdminSelf | null>(null);

export function AdminSelfProvider({ value, children }: { value: AdminSelf; children: ReactNode }) {
  return <AdminSelfContext.Provider value={value}>{children}</AdminSelfContext.Provider>;
}

export function useAdminSelf(): AdminSelf {
  const self = useContext(AdminSelfContext);
  if (!self) throw new Error('useAdminSelf needs the back-office');
  return self;
}

/** The admin's time zone (saved, else the browser's). */
export function useAdminZone(): string {
  return userZone(useContext(AdminSelfContext)?.tzIdentifier);
}

/** Formats an instant in the admin's time zone. */
export function useAdminTime(): (iso: string | null | undefined) => string {
  const zone = useAdminZone();
  return (iso) => formatDateTime(iso, zone);
}
