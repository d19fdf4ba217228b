/**
 * /student/settings, 'Your settings' (spec 3): a grid of cards, one a panel — profile (name and
 * location), minutes and payments, security, hobbies bio, dream career bio, goals bio, camera and
 * compatibility — and 'Switch Roles' only when the account has more than one role. Descriptions
 * are cut at 55 characters. Choosing a card opens its panel in place of the grid (route state
 * `{ panel }`, so Back returns to the grid and other pages can preselect one: 'Fix Timezone' opens
 * the profile, the header's minutes open minutes and payments); focus moves to the panel's heading.
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { Page } from '../components/Page';
import { RoleSwitch } from '../components/RoleSwitch';
import { SecuritySettings } from '../components/SecuritySettings';
import { errorMessage } from '../lib/errors';
import { switchableRoles } from '../lib/roles';
import { CameraAndCompatibility } from '../student/settings/CameraAndCompatibility';
import { MinutesAndPayments } from '../student/settings/MinutesAndPayments';
import { BioPanel } from './BioPanel';
import { ProfileSettingsForm, SETTING_UPDATED_MESSAGE } from './ProfileSettingsForm';
import { SETTINGS_ME, type SettingsMe } from './operations';
import { truncate, SETTING_DESCRIPTION_MAX } from './text';
import { LanguageSetting } from '../i18n/LanguageSetting';
import { DataExportCard } from './DataExportCard';
import { ErasureCard } from './ErasureCard';

export type StudentPanel = 'profile' | 'minutes' | 'security' | 'hobbies' | 'career' | 'goals' | 'compatibility' | 'roles';

interface PanelDef {
  key: StudentPanel;
  title: string;
  description: string;
  render(me: SettingsMe): ReactNode;
}

const titleId = (key: string) => `settings-panel-${key}`;

export const STUDENT_PANELS: PanelDef[] = [
  {
    key: 'profile',
    title: 'Profile',
    description: 'Your name, where you live and the time zone Tertulia shows times in.',
    render: (me) => (
      <Stack spacing={3}>
        <ProfileSettingsForm me={me} role="STUDENT" successMessage={SETTING_UPDATED_MESSAGE} titleId={titleId('profile')} />
        <LanguageSetting />
        <DataExportCard />
        <ErasureCard />
      </Stack>
    ),
  },
  {
    key: 'minutes',
    title: 'Minutes and payments',
    description: 'Your remaining minutes, every change to them and your payments with receipts.',
    render: () => <MinutesAndPayments />,
  },
  {
    key: 'security',
    title: 'Security',
    description: 'When you last signed in, and a password reset sent by e-mail.',
    render: () => <SecuritySettings roleSwitch={false} />,
  },
  {
    key: 'hobbies',
    title: 'Your hobbies',
    description: 'What you enjoy doing, so your speakers have something to talk about with you.',
    render: (me) => (
      <BioPanel
        me={me}
        field="bioHobbiesAre"
        title="Your hobbies"
        titleId={titleId('hobbies')}
        intro="Tell your speakers what you enjoy: it gives you both something to talk about."
      />
    ),
  },
  {
    key: 'career',
    title: 'Your dream career',
    description: 'The work you would love to do one day, and why.',
    render: (me) => (
      <BioPanel
        me={me}
        field="bioDreamCareer"
        title="Your dream career"
        titleId={titleId('career')}
        intro="What would you love to do, and why?"
      />
    ),
  },
  {
    key: 'goals',
    title: 'Your goals',
    description: 'What you want to be able to do with the language you are learning.',
    render: (me) => (
      <BioPanel
        me={me}
        field="bioGoalsAre"
        title="Your goals"
        titleId={titleId('goals')}
        intro="What do you want to be able to do with the language? Speakers use it to shape your conversations."
      />
    ),
  },
  {
    key: 'compatibility',
    title: 'Camera and compatibility',
    description: 'Check your camera, microphone, browser and internet connection before a conversation.',
    render: () => <CameraAndCompatibility />,
  },
];

const ROLES_PANEL: PanelDef = {
  key: 'roles',
  title: 'Switch Roles',
  description: 'Your account has more than one role: use Tertulia as another one.',
  render: (me) => (
    <Card variant="outlined" component="section" aria-labelledby={titleId('roles')}>
      <CardContent>
        <Typography id={titleId('roles')} variant="h6" component="h2" gutterBottom tabIndex={-1}>
          Switch Roles
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your account has more than one role. Switch to another to use its part of Tertulia.
        </Typography>
        <RoleSwitch account={me.account} />
      </CardContent>
    </Card>
  ),
};

export function panelsFor(me: Pick<SettingsMe, 'account'>): PanelDef[] {
  return switchableRoles(me.account.roles, me.account.activeRole).length ? [...STUDENT_PANELS, ROLES_PANEL] : STUDENT_PANELS;
}

export default function StudentSettingsPage() {
  const { data, loading, error } = useQuery(SETTINGS_ME, { fetchPolicy: 'cache-and-network' });
  const location = useLocation();
  const me = data?.me ?? null;
  const panels = me ? panelsFor(me) : [];
  const requested = (location.state as { panel?: string } | null)?.panel;
  const selected = panels.find((p) => p.key === requested) ?? null;
  const panelBox = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLUListElement>(null);

  // Focus follows the choice: the open panel's heading, or the card of the panel just left.
  const previous = useRef<string | null>(null);
  const selectedKey = selected?.key ?? null;
  const loaded = me !== null;
  useEffect(() => {
    if (!loaded) return;
    if (selectedKey) {
      const heading = panelBox.current?.querySelector<HTMLElement>('h2');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
    } else if (previous.current) {
      grid.current?.querySelector<HTMLElement>(`[data-panel="${previous.current}"]`)?.focus();
    }
    previous.current = selectedKey;
  }, [selectedKey, loaded]);

  return (
    <Page title="Your settings">
      {!me ? (
        loading ? (
          <Loading label="Loading your settings" />
        ) : (
          <Alert severity="error">{error ? errorMessage(error) : 'Sign in again to see your settings.'}</Alert>
        )
      ) : selected ? (
        <>
          <Button component={RouterLink} to="/student/settings" state={{ panel: null }} sx={{ mb: 2 }}>
            ← All settings
          </Button>
          <Box ref={panelBox}>{selected.render(me)}</Box>
        </>
      ) : (
        <Grid container spacing={2} component="ul" ref={grid} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Settings">
          {panels.map((panel) => (
            <Grid key={panel.key} component="li" size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to="/student/settings"
                  state={{ panel: panel.key }}
                  data-panel={panel.key}
                  sx={{ height: '100%' }}
                >
                  <CardContent>
                    <Typography variant="h6" component="h2" gutterBottom>
                      {panel.title}
                    </Typography>
                    <Typography
                      color="text.secondary"
                      title={panel.description.length > SETTING_DESCRIPTION_MAX ? panel.description : undefined}
                    >
                      {truncate(panel.description, SETTING_DESCRIPTION_MAX)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Page>
  );
}
