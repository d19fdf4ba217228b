import ChatIcon from '@mui/icons-material/Chat';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { fromLocation } from '../auth/redirect';
import { ExternalLink } from '../components/ExternalLink';
import { Page } from '../components/Page';
import { legacyTarget } from './legacy';
import { EXTERNAL_LINKS } from './links';
import { useSupportChat } from '../support/SupportChat';

export function HelpPage() {
  const chat = useSupportChat();
  const location = useLocation();
  // Help expands the support chat (spec 1, Shell).
  useEffect(() => {
    if (chat.available) chat.expand();
  }, [chat]);
  return (
    <Page title="Help">
      {chat.available ? (
        <Button variant="contained" startIcon={<ChatIcon />} onClick={chat.expand} sx={{ mb: 3 }}>
          Chat with support
        </Button>
      ) : (
        <Typography sx={{ mb: 3 }}>
          <Link component={RouterLink} to="/auth/sign_in" state={fromLocation(location)}>
            Sign in
          </Link>{' '}
          to chat with Tertulia support.
        </Typography>
      )}
      <Typography sx={{ mb: 2 }}>Answers, checks and ways to reach us:</Typography>
      <List sx={{ listStyleType: 'disc', pl: 3 }}>
        <ListItem sx={{ display: 'list-item' }}>
          <ExternalLink href={EXTERNAL_LINKS.helpCentre}>Help centre</ExternalLink> — guides and contact with support
        </ListItem>
        <ListItem sx={{ display: 'list-item' }}>
          <ExternalLink href={EXTERNAL_LINKS.faq}>Frequently asked questions</ExternalLink>
        </ListItem>
        <ListItem sx={{ display: 'list-item' }}>
          <ExternalLink href={EXTERNAL_LINKS.videoDiagnostics}>Video diagnostics</ExternalLink> — check your camera, microphone and browser
        </ListItem>
        <ListItem sx={{ display: 'list-item' }}>
          <ExternalLink href={EXTERNAL_LINKS.speedTest}>Network speed test</ExternalLink> — conversations need at least 1 Mbps down and 1
          Mbps up
        </ListItem>
        <ListItem sx={{ display: 'list-item' }}>
          <ExternalLink href={EXTERNAL_LINKS.domainAllowlist}>Domains your network must allow</ExternalLink>
        </ListItem>
      </List>
    </Page>
  );
}

export function NotImplementedPage() {
  return (
    <Page title="Not available yet">
      <Typography sx={{ mb: 3 }}>This part of Tertulia is not available yet.</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go home
      </Button>
    </Page>
  );
}

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Page title="Page not found">
      <Typography sx={{ mb: 3 }}>We couldn't find this page.</Typography>
      <Stack direction="row" spacing={2}>
        {/* Arrived directly (no earlier page in this tab): going back means going home. */}
        <Button variant="contained" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
          Go back
        </Button>
        <Button component={RouterLink} to="/help" variant="outlined">
          Get help
        </Button>
      </Stack>
    </Page>
  );
}

/** /~/* — old addresses, forwarded with their query string. */
export function LegacyRedirect() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const target = legacyTarget(rest, search);
  return target ? <Navigate to={target} replace /> : <NotFoundPage />;
}
