import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { SupportChatProvider } from '../support/SupportChat';
import { AreaSidebarProvider } from './areaSidebar';
import { Header } from './Header';
import { useT } from '../i18n/useT';
import { WithApollo } from '../lib/apolloLoader';
import { useAuth } from '../lib/auth';
import { lazyNow } from '../lib/lazyNow';
import { loadAccountLocale } from './firstPage';

// Signed in only, and it asks the API: loaded with the Apollo client (lib/apolloLoader.ts).
const AccountLocale = lazyNow(loadAccountLocale, (m) => m.AccountLocale);

/** Every page: a skip link, the header, then the route's content (areas load lazily). */
export function ShellLayout() {
  const t = useT();
  const { signedIn } = useAuth();
  return (
    <SupportChatProvider>
      <AreaSidebarProvider>
        <Link
          href="#main"
          sx={{
            position: 'absolute',
            left: 8,
            top: -48,
            zIndex: 1300,
            p: 1,
            bgcolor: 'background.paper',
            '&:focus': { top: 8 },
          }}
        >
          {t('shell.skipToMain')}
        </Link>
        {signedIn && (
          <Suspense fallback={null}>
            <WithApollo>
              <AccountLocale />
            </WithApollo>
          </Suspense>
        )}
        <Header />
        <Box component="main" id="main" tabIndex={-1} sx={{ outline: 'none' }}>
          <Suspense fallback={<Loading label={t('shell.loadingPage')} />}>
            <Outlet />
          </Suspense>
        </Box>
      </AreaSidebarProvider>
    </SupportChatProvider>
  );
}

/**
 * The conversation window (spec 2, Live conversation): the whole window is the room, with no
 * header, so no menu link can take a participant out of it without the Leave button.
 */
export function RoomLayout() {
  const t = useT();
  return (
    <Box component="main" id="main" tabIndex={-1} sx={{ outline: 'none' }}>
      <Suspense fallback={<Loading label={t('shell.loadingConversation')} />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
