import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { SupportChatProvider } from '../support/SupportChat';
import { AreaSidebarProvider } from './areaSidebar';
import { Header } from './Header';

/** Every page: a skip link, the header, then the route's content (areas load lazily). */
export function ShellLayout() {
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
          Skip to main content
        </Link>
        <Header />
        <Box component="main" id="main" tabIndex={-1} sx={{ outline: 'none' }}>
          <Suspense fallback={<Loading label="Loading the page" />}>
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
  return (
    <Box component="main" id="main" tabIndex={-1} sx={{ outline: 'none' }}>
      <Suspense fallback={<Loading label="Loading the conversation" />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
