import { ApolloProvider } from '@apollo/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SnackbarRoot } from './components/snackbars';
import { client, restartSocket } from './lib/apollo';
import { AuthProvider } from './lib/auth';
import { AppRoutes } from './shell/AppRoutes';
import { theme } from './shell/theme';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <ApolloProvider client={client}>
        <AuthProvider onSessionChange={restartSocket}>
          <ThemeProvider theme={theme}>
            <CssBaseline />
            <SnackbarRoot>
              <AppRoutes />
            </SnackbarRoot>
          </ThemeProvider>
        </AuthProvider>
      </ApolloProvider>
    </BrowserRouter>
  </StrictMode>,
);
