import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { useT } from '../i18n/useT';

/**
 * Where an area's lazy pages wait for their code: a new boundary for each path, so a page whose
 * chunk is still on its way shows the spinner at once. React Router navigates in a transition, and
 * a transition keeps an already shown boundary's old content on screen until the new one is ready:
 * with one boundary for the whole shell, the sign-in form stayed at /auth/sign_up and took the
 * typed address, then the sign-up form replaced it empty (issue 28).
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Suspense key={pathname} fallback={<Loading label={t('shell.loadingPage')} />}>
      {children}
    </Suspense>
  );
}
