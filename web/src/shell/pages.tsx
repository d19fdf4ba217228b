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
import { Message } from '../i18n/Message';
import { useT } from '../i18n/useT';

export function HelpPage() {
  const t = useT();
  const chat = useSupportChat();
  const location = useLocation();
  // Help expands the support chat (spec 1, Shell).
  useEffect(() => {
    if (chat.available) chat.expand();
  }, [chat]);
  return (
    <Page title={t('shell.nav.help')}>
      {chat.available ? (
        <Button variant="contained" startIcon={<ChatIcon />} onClick={chat.expand} sx={{ mb: 3 }}>
          {t('shell.help.chat')}
        </Button>
      ) : (
        <Typography sx={{ mb: 3 }}>
          <Message
            id="shell.help.signIn"
            tags={{
              link: (words) => (
                <Link component={RouterLink} to="/auth/sign_in" state={fromLocation(location)}>
                  {words}
                </Link>
              ),
            }}
          />
        </Typography>
      )}
      <Typography sx={{ mb: 2 }}>{t('shell.help.intro')}</Typography>
      <List sx={{ listStyleType: 'disc', pl: 3 }}>
        <ListItem sx={{ display: 'list-item' }}>
          <Message
            id="shell.help.centre"
            tags={{ link: (words) => <ExternalLink href={EXTERNAL_LINKS.helpCentre}>{words}</ExternalLink> }}
          />
        </ListItem>
        <ListItem sx={{ display: 'list-item' }}>
          <ExternalLink href={EXTERNAL_LINKS.faq}>{t('shell.help.faq')}</ExternalLink>
        </ListItem>
        <ListItem sx={{ display: 'list-item' }}>
          <Message
            id="shell.help.video"
            tags={{ link: (words) => <ExternalLink href={EXTERNAL_LINKS.videoDiagnostics}>{words}</ExternalLink> }}
          />
        </ListItem>
        <ListItem sx={{ display: 'list-item' }}>
          <Message id="shell.help.speed" tags={{ link: (words) => <ExternalLink href={EXTERNAL_LINKS.speedTest}>{words}</ExternalLink> }} />
        </ListItem>
        <ListItem sx={{ display: 'list-item' }}>
          <ExternalLink href={EXTERNAL_LINKS.domainAllowlist}>{t('shell.help.domains')}</ExternalLink>
        </ListItem>
      </List>
    </Page>
  );
}

export function NotImplementedPage() {
  const t = useT();
  return (
    <Page title={t('shell.notAvailable.title')}>
      <Typography sx={{ mb: 3 }}>{t('shell.notAvailable.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('shell.goHome')}
      </Button>
    </Page>
  );
}

export function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Page title={t('shell.notFound.title')}>
      <Typography sx={{ mb: 3 }}>{t('shell.notFound.text')}</Typography>
      <Stack direction="row" spacing={2}>
        {/* Arrived directly (no earlier page in this tab): going back means going home. */}
        <Button variant="contained" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
          {t('shell.goBack')}
        </Button>
        <Button component={RouterLink} to="/help" variant="outlined">
          {t('shell.getHelp')}
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
