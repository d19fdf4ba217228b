import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SnackbarRoot } from './components/snackbars';
import { loadMessages } from './i18n/catalog';
import { LocaleProvider } from './i18n/LocaleProvider';
import { initialLocale } from './i18n/preference';
import { loadedApollo } from './lib/apolloLoader';
import { forgetFirstPageAnswers } from './lib/firstPageData';
import { AuthProvider } from './lib/auth';
import { hasAuthToken, willExpireSoon } from './lib/authCookies';
import { AppRoutes } from './shell/AppRoutes';
import { firstPageParts, preloadFirstPage } from './shell/firstPage';
import { theme } from './shell/theme';

/** A new session starts clean: the socket reconnects as the new person and the cache is emptied. */
async function sessionChanged() {
  forgetFirstPageAnswers();
  const apollo = loadedApollo();
  if (!apollo) return;
  apollo.restartSocket();
  await apollo.client.clearStore();
}

// The messages first (nothing renders without them), then the first page's code (shell/firstPage.ts)
// in a later task: the build's import wrapper asks for a chunk a few microtasks after the call, and
// the preloads' dependency links, added at once, would take the six connections before it.
const signedIn = hasAuthToken() && !willExpireSoon();
loadMessages(initialLocale(), firstPageParts(location.pathname, signedIn)).catch(() => {}); // a failure is the provider's to report
setTimeout(() => preloadFirstPage(location.pathname, signedIn));

// No Apollo here: it loads with the first page that needs it (lib/apolloLoader.ts).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LocaleProvider>
      <BrowserRouter>
        <AuthProvider onSessionChange={sessionChanged}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <SnackbarRoot>
              <AppRoutes />
            </SnackbarRoot>
          </ThemeProvider>
        </AuthProvider>
      </BrowserRouter>
    </LocaleProvider>
  </StrictMode>,
);
